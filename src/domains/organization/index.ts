export { OrganizationService } from './organization.service';
export { AccessTokenService } from './access-token.service';
export type { AccessTokenInput } from './create-access-token';
export { SCOPES, isScope, ORGANIZATION_TOKEN_PREFIX, type Scope } from './organization.logic';
export type { Organization, OrganizationAccessToken } from './organization.entity';
export { accessTokenOutput } from './access-token.output';
export { organizationOutput } from './organization-own.output';
export { organizationSummary, publicOrganizationOutput } from './organization.output';
export { organizationModule } from './organization.module';
