export { OrganizationService } from './organization.service';
export { AccessTokenService, type AccessTokenInput, type LeakedAccessToken } from './access-token.service';
export { SCOPES, isScope, ORGANIZATION_TOKEN_PREFIX, type Scope } from './organization.logic';
export type { Organization, OrganizationAccessToken } from './organization.entity';
export {
  accessTokenOutput,
  organizationOutput,
  organizationSummary,
  publicOrganizationOutput,
} from './organization.output';
export { organizationRoutes } from './organization.routes';
export { organizationModule } from './organization.module';
