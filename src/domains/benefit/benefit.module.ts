// The benefit module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { BenefitSchema } from './benefit.entity';
import { BenefitGrantSchema } from './grant/benefit-grant.entity';
import {
  LicenseKeyActivationSchema,
  LicenseKeySchema,
  LicenseSigningKeySchema,
} from './license-key/license-key.entity';
import { DownloadableSchema } from './downloadable/downloadable.entity';
import { Migration20261124000000_benefit_grants } from './migrations/Migration20261124000000_benefit_grants';

export const benefitModule: Module = {
  name: 'benefit',
  entities: [
    BenefitSchema,
    BenefitGrantSchema,
    LicenseKeySchema,
    LicenseKeyActivationSchema,
    LicenseSigningKeySchema,
    DownloadableSchema,
  ],
  migrations: migrations(Migration20261124000000_benefit_grants),
};
