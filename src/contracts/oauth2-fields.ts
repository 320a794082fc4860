// What the OAuth 2.0 requests share: URIs, scopes, client credentials, the client auth methods and the grant types.
import { z } from 'zod';
import { Url } from './common';

export const oauth2Uri = Url({ protocol: /^https?$/ }).max(2048);
/** Space-separated scopes, as OAuth carries them. */
export const scopeString = z.string().max(4000);

/** How a client proves itself at the token, introspection and revocation endpoints (RFC 7591 §2). */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/** The grants the token endpoint issues tokens for. */
export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** In the body (client_secret_post, or a public client's id alone), or else in an HTTP Basic header. */
export const clientCredentials = {
  client_id: z.string().min(1).max(100).optional(),
  client_secret: z.string().max(200).optional(),
};

export const tokenTypeHint = z.enum(['access_token', 'refresh_token']).optional();
