// The organization module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { OrganizationAccessTokenSchema, OrganizationSchema } from './organization.entity';
import { Migration20261128000000_organization_access } from './migrations/Migration20261128000000_organization_access';

export const organizationModule: Module = {
  name: 'organization',
  entities: [OrganizationSchema, OrganizationAccessTokenSchema],
  migrations: migrations(Migration20261128000000_organization_access),
};
