// The token endpoint: its request (authorization code with PKCE, or refresh) and its answer.
import { z } from 'zod';
import { GRANT_TYPES, clientCredentials, oauth2Uri as uri, scopeString } from './oauth2-fields';

/**
 * A grant_type the server does not issue tokens for is RFC 6749's unsupported_grant_type, not a malformed request: the
 * token endpoint's refusal tells the two apart by this message.
 */
export const UNSUPPORTED_GRANT_TYPE = `Unsupported grant_type: this server issues tokens for ${GRANT_TYPES.join(' and ')} only`;

export const TokenRequest = z
  .discriminatedUnion(
    'grant_type',
    [
      z.object({
        grant_type: z.literal('authorization_code'),
        code: z.string().min(1).max(200),
        redirect_uri: uri.optional(),
        code_verifier: z.string().min(43).max(128).optional(),
        ...clientCredentials,
      }),
      z.object({
        grant_type: z.literal('refresh_token'),
        refresh_token: z.string().min(1).max(200),
        scope: scopeString.optional(),
        ...clientCredentials,
      }),
    ],
    {
      error: (issue) => {
        const grantType = (issue.input as { grant_type?: unknown } | undefined)?.grant_type;
        return issue.code === 'invalid_union' && typeof grantType === 'string' && grantType !== ''
          ? UNSUPPORTED_GRANT_TYPE
          : undefined;
      },
    },
  )
  .meta({ id: 'Oauth2RequestTokenRequestBody' });
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.int(),
    refresh_token: z.string().optional(),
    scope: z.string(),
    /** An OpenID Connect ID token (a JWT, RS256), with every grant: the older published clients require one. */
    id_token: z.string(),
  })
  .meta({ id: 'TokenResponse' });
