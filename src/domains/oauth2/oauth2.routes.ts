// HTTP surface of the OAuth 2.0 provider. Registering clients and consenting are an organization's own acts, behind
// a token that may manage access (`organization_access_tokens:write`, which no app can be granted); the token,
// introspection and revocation endpoints authenticate the client instead; userinfo answers an app's token; the key
// set that verifies ID tokens is public.
import { z } from 'zod';
import { AuthorizeQuery } from '../../contracts/oauth2-authorize';
import { AuthorizeResponseOrganization, ConsentBody, ConsentResponse } from '../../contracts/oauth2-consent';
import { ClientIdParams, OAuth2Client } from '../../contracts/oauth2-client';
import { IntrospectTokenRequest, IntrospectTokenResponse } from '../../contracts/oauth2-introspection';
import { JsonWebKeySet } from '../../contracts/oauth2-id-token';
import {
  OAuth2ClientConfiguration,
  OAuth2ClientConfigurationUpdate,
} from '../../contracts/oauth2-client-configuration';
import { OAuth2GrantList, OAuth2GrantListQuery } from '../../contracts/oauth2-grant';
import { RevokeTokenRequest } from '../../contracts/oauth2-revocation';
import { TokenRequest, TokenResponse } from '../../contracts/oauth2-token';
import { UserInfoOrganization } from '../../contracts/oauth2-userinfo';
import { IdParams } from '../../contracts/common';
import { SCOPES } from '../../contracts/scopes';
import { defineRoute, definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import { secretShownOnce } from '../../platform/idempotency';
import type { OrganizationService } from '../organization';
import { clientOutput, type OAuth2ClientService } from './oauth2-client.service';
import { OAUTH2_PATHS } from './oauth2.logic';
import type { OAuth2Service } from './oauth2.service';

const MANAGE = ['organization_access_tokens:write'] as const;

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
    defineRoute({
      method: 'post',
      path: '/v1/oauth2/register',
      summary: 'Register an OAuth2 client (its secret is shown once)',
      scopes: MANAGE,
      body: OAuth2ClientConfiguration,
      status: 200,
      response: OAuth2Client,
      // a public client's answer holds no secret: its repeat is answered again
      idempotent: secretShownOnce({
        resource: 'OAuth2 client',
        secret: 'client_secret',
        read: (response: { client_id: string; client_secret?: string }) => ({
          id: response.client_id,
          secret: response.client_secret,
        }),
        again: async ({ tx, auth }, clientId) => clientOutput(await clients.get(tx.em, auth.organizationId, clientId)),
      }),
      async handler({ auth, tx, body }) {
        return clients.register(tx.em, auth.organizationId, body);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/oauth2/register/:client_id',
      summary: 'Get one of the organization’s OAuth2 clients',
      scopes: MANAGE,
      params: ClientIdParams,
      status: 200,
      response: OAuth2Client,
      async handler({ auth, tx, params }) {
        return clientOutput(await clients.get(tx.em, auth.organizationId, params.client_id));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/v1/oauth2/register/:client_id',
      summary: 'Replace an OAuth2 client’s configuration',
      scopes: MANAGE,
      params: ClientIdParams,
      body: OAuth2ClientConfigurationUpdate,
      status: 200,
      response: OAuth2Client,
      async handler({ auth, tx, params, body }) {
        return clientOutput(await clients.update(tx.em, auth.organizationId, params.client_id, body));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/oauth2/register/:client_id',
      summary: 'Delete an OAuth2 client: every token it holds stops working',
      scopes: MANAGE,
      params: ClientIdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await clients.delete(tx.em, auth.organizationId, params.client_id);
        return undefined;
      },
    }),
    defineRoute({
      method: 'get',
      path: OAUTH2_PATHS.authorize,
      summary: 'The consent screen of an authorization request: the app, the organization and the scopes asked for',
      scopes: MANAGE,
      query: AuthorizeQuery,
      status: 200,
      response: AuthorizeResponseOrganization,
      async handler({ auth, tx, query }) {
        return oauth2.authorization(tx.em, auth, query);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/oauth2/consent',
      summary: 'Allow or deny an authorization request; answers where to send the browser back to the app',
      scopes: MANAGE,
      body: ConsentBody,
      form: true,
      status: 200,
      response: ConsentResponse,
      async handler({ auth, tx, body }) {
        return oauth2.consent(tx.em, auth, body);
      },
    }),
    definePublicRoute({
      method: 'post',
      path: OAUTH2_PATHS.token,
      summary: 'Exchange an authorization code (with its PKCE verifier) or a refresh token for tokens',
      body: TokenRequest,
      form: true,
      status: 200,
      response: TokenResponse,
      outsideTransaction: true,
      async handler({ tx, body, request }) {
        return oauth2.token(tx.em, body, request.header('authorization'));
      },
    }),
    definePublicRoute({
      method: 'post',
      path: OAUTH2_PATHS.introspect,
      summary: 'Introspect one of the client’s tokens (RFC 7662)',
      body: IntrospectTokenRequest,
      form: true,
      status: 200,
      response: IntrospectTokenResponse,
      async handler({ tx, body, request }) {
        return oauth2.introspect(tx.em, body, request.header('authorization'));
      },
    }),
    definePublicRoute({
      method: 'post',
      path: OAUTH2_PATHS.revoke,
      summary: 'Revoke one of the client’s tokens (RFC 7009)',
      body: RevokeTokenRequest,
      form: true,
      status: 200,
      response: z.object({}),
      async handler({ tx, body, request }) {
        return oauth2.revoke(tx.em, body, request.header('authorization'));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/oauth2/grants/',
      summary: 'The apps this organization granted access to (Bursar’s own)',
      scopes: ['organization_access_tokens:read', ...MANAGE],
      query: OAuth2GrantListQuery,
      status: 200,
      response: OAuth2GrantList,
      async handler({ auth, tx, query }) {
        return oauth2.grants(tx.em, auth.organizationId, query);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/oauth2/grants/:id',
      summary: 'Withdraw an app’s access: every token of the grant stops working (Bursar’s own)',
      scopes: MANAGE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await oauth2.revokeGrant(tx.em, auth.organizationId, params.id);
        return undefined;
      },
    }),
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
