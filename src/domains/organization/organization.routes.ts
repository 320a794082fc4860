// HTTP surface of organizations: the token's own organization (read, list, edit) and its access tokens.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { Organization, OrganizationList } from '../../contracts/organization';
import {
  OrganizationAccessToken,
  OrganizationAccessTokenCreateResponse,
  OrganizationAccessTokenList,
  OrganizationAccessTokenListQuery,
} from '../../contracts/organization-access-token';
import {
  OrganizationAccessTokenCreate,
  OrganizationAccessTokenUpdate,
} from '../../contracts/organization-access-token-request';
import { OrganizationListQuery } from '../../contracts/organization-list-query';
import { OrganizationUpdate } from '../../contracts/organization-update';
import { NotPermitted } from '../../kernel/errors';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { secretShownOnce } from '../../platform/idempotency';
import type { AccessTokenService } from './access-token.service';
import { accessTokenOutput, organizationOutput } from './organization.output';
import type { OrganizationService } from './organization.service';

const READ = ['organizations:read', 'organizations:write'] as const;
const WRITE = ['organizations:write'] as const;
const TOKENS_READ = ['organization_access_tokens:read', 'organization_access_tokens:write'] as const;
const TOKENS_WRITE = ['organization_access_tokens:write'] as const;

export function organizationRoutes({
  organizations,
  accessTokens,
}: {
  organizations: OrganizationService;
  accessTokens: AccessTokenService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/organizations/',
      summary: "List organizations (a token's own)",
      scopes: READ,
      query: OrganizationListQuery,
      status: 200,
      response: OrganizationList,
      async handler({ auth, tx, query }) {
        const page = await organizations.listOwn(tx.em, auth.organizationId, query);
        return { items: page.items.map(organizationOutput), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/organizations/:id',
      summary: 'Get an organization',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Organization,
      async handler({ auth, tx, params }) {
        return organizationOutput(await organizations.getOwn(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/organizations/:id',
      summary: 'Update an organization and its settings (writes organization.updated)',
      scopes: WRITE,
      params: IdParams,
      body: OrganizationUpdate,
      status: 200,
      response: Organization,
      async handler({ auth, tx, params, body }) {
        const own = await organizations.getOwn(tx.em, auth.organizationId, params.id);
        // Leak notices go to the owner's address: only a token that may manage access moves them (no app can).
        if (body.owner_email !== undefined && !auth.scopes.has(TOKENS_WRITE[0])) {
          throw new NotPermitted(`Changing owner_email takes a token with ${TOKENS_WRITE[0]}.`);
        }
        return organizationOutput(await organizations.update(tx, own.id, body));
      },
    }),
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
