export { OrganizationService } from './organization.service';
export { SCOPES, isScope, ORGANIZATION_TOKEN_PREFIX, type Scope } from './organization.logic';
export { Organization } from './organization.entity';
export { organizationSummary } from './organization.output';
