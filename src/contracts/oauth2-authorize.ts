// The authorization request's parameters: in the consent's body, and in a query string.
import { z } from 'zod';
import { queryOne } from './query-params';
import { oauth2Uri as uri, scopeString } from './oauth2-fields';

const authorizeFields = {
  client_id: z.string().min(1).max(100),
  response_type: z.literal('code'),
  /** Required here (as OAuth 2.1 does), so the code's redirect URI is always the one the token request repeats. */
  redirect_uri: uri,
  scope: scopeString.optional(),
  state: z.string().min(1).max(1000).optional(),
  /** OpenID Connect: echoed in the ID token the code leads to, so the app can tie that token to its request. */
  nonce: z.string().min(1).max(1000).optional(),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, '43 to 128 characters of the unreserved set (RFC 7636)')
    .optional(),
  code_challenge_method: z.literal('S256').optional(),
};

/** The authorization request's parameters (RFC 6749 §4.1.1, RFC 7636 §4.3), in the consent's body. */
export const AuthorizeRequest = z.object(authorizeFields);
export type AuthorizeRequest = z.infer<typeof AuthorizeRequest>;

/** The same parameters in a query string (repeated, the last one counts). */
export const AuthorizeQuery = z.object({
  client_id: queryOne(authorizeFields.client_id),
  response_type: queryOne(authorizeFields.response_type),
  redirect_uri: queryOne(authorizeFields.redirect_uri),
  scope: queryOne(authorizeFields.scope),
  state: queryOne(authorizeFields.state),
  nonce: queryOne(authorizeFields.nonce),
  code_challenge: queryOne(authorizeFields.code_challenge),
  code_challenge_method: queryOne(authorizeFields.code_challenge_method),
});
