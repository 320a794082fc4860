// What verifies and answers an app's token: the public key set of ID tokens, and userinfo.
import { JsonWebKeySet } from '../../contracts/oauth2-id-token';
import { UserInfoOrganization } from '../../contracts/oauth2-userinfo';
import { SCOPES } from '../../contracts/scopes';
import { defineRoute, definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrganizationService } from '../organization';
import { OAUTH2_PATHS } from './oauth2-metadata.logic';
import type { OAuth2Service } from './oauth2.service';

export function oauth2IdentityRoutes({
  oauth2,
  organizations,
}: {
  oauth2: OAuth2Service;
  organizations: OrganizationService;
}): RouteDefinition[] {
  return [
    definePublicRoute({
      method: 'get',
      path: OAUTH2_PATHS.jwks,
      summary: 'The public keys ID tokens are signed with (JWKS; the metadata’s jwks_uri) (Bursar’s own)',
      status: 200,
      response: JsonWebKeySet,
      async handler({ tx }) {
        return oauth2.keySet(tx.em);
      },
    }),
    defineRoute({
      method: 'get',
      path: OAUTH2_PATHS.userinfo,
      summary: 'The organization an access token acts for (any token, any scope)',
      scopes: SCOPES,
      status: 200,
      response: UserInfoOrganization,
      async handler({ auth, tx }) {
        const organization = await organizations.findOrganization(tx.em, auth.organizationId);
        return { sub: organization.id, name: organization.name };
      },
    }),
  ];
}
