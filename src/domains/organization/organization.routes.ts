// HTTP surface of organizations: the token's own organization (read, list, edit) and its access tokens.
import type { RouteDefinition } from '../../platform/http/route';
import type { AccessTokenService } from './access-token.service';
import type { OrganizationService } from './organization.service';
import { accessTokenRoutes } from './access-token.routes';
import { accessTokensRoutes } from './access-tokens.routes';
import { organizationByIdRoutes } from './organization-by-id.routes';
import { organizationsRoutes } from './organizations.routes';

export function organizationRoutes({
  organizations,
  accessTokens,
}: {
  organizations: OrganizationService;
  accessTokens: AccessTokenService;
}): RouteDefinition[] {
  return [
    ...organizationsRoutes(organizations),
    ...organizationByIdRoutes(organizations),
    ...accessTokensRoutes(accessTokens),
    ...accessTokenRoutes(accessTokens),
  ];
}
