// One of the organization's access tokens: read it, change it, revoke it.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { OrganizationAccessToken } from '../../contracts/organization-access-token';
import { OrganizationAccessTokenUpdate } from '../../contracts/organization-access-token-request';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { AccessTokenService } from './access-token.service';
import { accessTokenOutput } from './access-token.output';
import { TOKENS_READ, TOKENS_WRITE } from './organization.scopes';

export function accessTokenRoutes(accessTokens: AccessTokenService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/organization-access-tokens/:id',
      summary: 'Get an access token (never the token itself)',
      scopes: TOKENS_READ,
      params: IdParams,
      status: 200,
      response: OrganizationAccessToken,
      async handler({ auth, tx, params }) {
        return accessTokenOutput(await accessTokens.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/organization-access-tokens/:id',
      summary: "Change an access token's comment or scopes (within the caller's own)",
      scopes: TOKENS_WRITE,
      params: IdParams,
      body: OrganizationAccessTokenUpdate,
      status: 200,
      response: OrganizationAccessToken,
      async handler({ auth, tx, params, body }) {
        const input = { comment: body.comment ?? undefined, scopes: body.scopes ?? undefined };
        return accessTokenOutput(await accessTokens.update(tx.em, auth.organizationId, params.id, input, auth.scopes));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/organization-access-tokens/:id',
      summary: 'Revoke an access token (one within the caller’s scopes): answered 401 from now on',
      scopes: TOKENS_WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await accessTokens.revoke(tx.em, auth.organizationId, params.id, auth.scopes);
        return undefined;
      },
    }),
  ];
}
