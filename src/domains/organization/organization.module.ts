// The organization module: its tables, organizations and their access tokens, and their routes.
import { migrations, provide, routes, type Module } from '../../platform/module';
import { OrganizationAccessTokenSchema, OrganizationSchema } from './organization.entity';
import { OrganizationService } from './organization.service';
import { AccessTokenService } from './access-token.service';
import { organizationRoutes } from './organization.routes';
import { Migration20261128000000_organization_access } from './migrations/Migration20261128000000_organization_access';
import { Migration20261128020100_organization_pause } from './migrations/Migration20261128020100_organization_pause';
import { Migration20261128040000_organization_currencies } from './migrations/Migration20261128040000_organization_currencies';
import { Migration20261201100200_dispute_settings } from './migrations/Migration20261201100200_dispute_settings';

export const organizationModule: Module = {
  name: 'organization',
  entities: [OrganizationSchema, OrganizationAccessTokenSchema],
  migrations: migrations(
    Migration20261128000000_organization_access,
    Migration20261128020100_organization_pause,
    Migration20261128040000_organization_currencies,
    Migration20261201100200_dispute_settings,
  ),
  provides: [
    provide(
      'organizations',
      ['clock', 'outbox', 'config'],
      ({ config, ...s }) => new OrganizationService({ ...s, secret: config.BURSAR_SECRET }),
    ),
    provide('accessTokens', ['config', 'clock'], (s) => new AccessTokenService(s.config.BURSAR_SECRET, s.clock)),
  ],
  routes: routes(['organizations', 'accessTokens'], organizationRoutes),
};

declare module '../../platform/module' {
  interface Services {
    organizations: OrganizationService;
    accessTokens: AccessTokenService;
  }
}
