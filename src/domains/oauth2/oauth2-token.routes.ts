// The endpoints that authenticate the client: tokens issued, introspected (RFC 7662) and revoked (RFC 7009).
import { z } from 'zod';
import { IntrospectTokenRequest, IntrospectTokenResponse } from '../../contracts/oauth2-introspection';
import { RevokeTokenRequest } from '../../contracts/oauth2-revocation';
import { TokenRequest, TokenResponse } from '../../contracts/oauth2-token';
import { definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import { OAUTH2_PATHS } from './oauth2-metadata.logic';
import type { OAuth2Service } from './oauth2.service';

export function oauth2TokenRoutes(oauth2: OAuth2Service): RouteDefinition[] {
  return [
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
  ];
}
