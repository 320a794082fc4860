// The oauth2 module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import {
  OAuth2AuthorizationCodeSchema,
  OAuth2ClientSchema,
  OAuth2SigningKeySchema,
  OAuth2TokenSchema,
} from './oauth2.entity';
import { Migration20261128010000_oauth2 } from './migrations/Migration20261128010000_oauth2';
import { Migration20261129010000_oauth2_id_tokens } from './migrations/Migration20261129010000_oauth2_id_tokens';

export const oauth2Module: Module = {
  name: 'oauth2',
  entities: [OAuth2ClientSchema, OAuth2AuthorizationCodeSchema, OAuth2TokenSchema, OAuth2SigningKeySchema],
  migrations: migrations(Migration20261128010000_oauth2, Migration20261129010000_oauth2_id_tokens),
};
