// The oauth2 module: its tables, the authorization server and its registered clients, and their routes.
import { migrations, provide, routes, type Module } from '../../platform/module';
import {
  OAuth2AuthorizationCodeSchema,
  OAuth2ClientSchema,
  OAuth2SigningKeySchema,
  OAuth2TokenSchema,
} from './oauth2.entity';
import { OAuth2ClientService } from './oauth2-client.service';
import { OAuth2Service } from './oauth2.service';
import { oauth2Routes } from './oauth2.routes';
import { Migration20261128010000_oauth2 } from './migrations/Migration20261128010000_oauth2';
import { Migration20261129010000_oauth2_id_tokens } from './migrations/Migration20261129010000_oauth2_id_tokens';

export const oauth2Module: Module = {
  name: 'oauth2',
  entities: [OAuth2ClientSchema, OAuth2AuthorizationCodeSchema, OAuth2TokenSchema, OAuth2SigningKeySchema],
  migrations: migrations(Migration20261128010000_oauth2, Migration20261129010000_oauth2_id_tokens),
  provides: [
    provide(
      'oauth2Clients',
      ['config', 'clock'],
      ({ config, clock }) => new OAuth2ClientService({ clock, serverSecret: config.BURSAR_SECRET }),
    ),
    provide(
      'oauth2',
      ['config', 'clock', 'publicUrl', 'oauth2Clients', 'organizations'],
      ({ config, oauth2Clients, ...s }) =>
        new OAuth2Service({ ...s, serverSecret: config.BURSAR_SECRET, clients: oauth2Clients }),
    ),
  ],
  routes: routes(['oauth2', 'oauth2Clients', 'organizations'], ({ oauth2Clients, ...s }) =>
    oauth2Routes({ ...s, clients: oauth2Clients }),
  ),
};

declare module '../../platform/module' {
  interface Services {
    oauth2Clients: OAuth2ClientService;
    oauth2: OAuth2Service;
  }
}
