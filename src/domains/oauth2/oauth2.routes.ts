// HTTP surface of the OAuth 2.0 provider. Registering clients and consenting are an organization's own acts, behind
// a token that may manage access (`organization_access_tokens:write`, which no app can be granted); the token,
// introspection and revocation endpoints authenticate the client instead; userinfo answers an app's token; the key
// set that verifies ID tokens is public.
import type { RouteDefinition } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import type { OAuth2ClientService } from './oauth2-client.service';
import { oauth2ClientRoutes } from './oauth2-client.routes';
import { oauth2ConsentRoutes } from './oauth2-consent.routes';
import { oauth2GrantRoutes } from './oauth2-grant.routes';
import { oauth2IdentityRoutes } from './oauth2-identity.routes';
import { oauth2RegisterRoutes } from './oauth2-register.routes';
import { oauth2TokenRoutes } from './oauth2-token.routes';
import type { OAuth2Service } from './oauth2.service';

export function oauth2Routes({
  oauth2,
  clients,
  organizations,
}: {
  oauth2: OAuth2Service;
  clients: OAuth2ClientService;
  organizations: OrganizationService;
}): RouteDefinition[] {
  return [
    ...oauth2RegisterRoutes(clients),
    ...oauth2ClientRoutes(clients),
    ...oauth2ConsentRoutes(oauth2),
    ...oauth2TokenRoutes(oauth2),
    ...oauth2GrantRoutes(oauth2),
    ...oauth2IdentityRoutes({ oauth2, organizations }),
  ];
}
