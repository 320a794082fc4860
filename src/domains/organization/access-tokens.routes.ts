// The organization's access tokens: list them, create one (its token shown once).
import { OrganizationAccessTokenCreate } from '../../contracts/organization-access-token-request';
import {
  OrganizationAccessTokenCreateResponse,
  OrganizationAccessTokenList,
  OrganizationAccessTokenListQuery,
} from '../../contracts/organization-access-token';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { secretShownOnce } from '../../platform/idempotency';
import type { AccessTokenService } from './access-token.service';
import { accessTokenOutput } from './access-token.output';
import { TOKENS_READ, TOKENS_WRITE } from './organization.scopes';

export function accessTokensRoutes(accessTokens: AccessTokenService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/organization-access-tokens/',
      summary: "List the organization's access tokens (not the revoked ones)",
      scopes: TOKENS_READ,
      query: OrganizationAccessTokenListQuery,
      status: 200,
      response: OrganizationAccessTokenList,
      async handler({ auth, tx, query }) {
        const page = await accessTokens.list(tx.em, auth.organizationId, query);
        return { items: page.items.map(accessTokenOutput), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/organization-access-tokens/',
      summary: 'Create an access token with scopes the caller carries, and an optional expiry; the token is shown once',
      scopes: TOKENS_WRITE,
      body: OrganizationAccessTokenCreate,
      status: 201,
      response: OrganizationAccessTokenCreateResponse,
      idempotent: secretShownOnce({
        resource: 'organization access token',
        secret: 'token',
        read: (response: { organization_access_token: { id: string }; token: string }) => ({
          id: response.organization_access_token.id,
          secret: response.token,
        }),
      }),
      async handler({ auth, tx, body }) {
        const input = { scopes: body.scopes, comment: body.comment, expiresInSeconds: body.expires_in };
        const { token, accessToken } = await accessTokens.create(tx.em, auth.organizationId, input, auth.scopes);
        return { organization_access_token: accessTokenOutput(accessToken), token };
      },
    }),
  ];
}
