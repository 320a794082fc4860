// Token introspection (RFC 7662): the request and the answer, active or not.
import { z } from 'zod';
import { clientCredentials, tokenTypeHint } from './oauth2-fields';

export const IntrospectTokenRequest = z
  .object({ token: z.string().min(1).max(200), token_type_hint: tokenTypeHint, ...clientCredentials })
  .meta({ id: 'IntrospectTokenRequest' });
export type IntrospectTokenRequest = z.infer<typeof IntrospectTokenRequest>;

export const IntrospectTokenResponse = z
  .union([
    z.object({
      active: z.literal(true),
      client_id: z.string(),
      token_type: z.enum(['access_token', 'refresh_token']),
      scope: z.string(),
      sub_type: z.literal('organization'),
      sub: z.string(),
      organizations: z.array(z.string()),
      aud: z.string(),
      iss: z.string(),
      exp: z.int(),
      iat: z.int(),
    }),
    z.object({ active: z.literal(false) }),
  ])
  .meta({ id: 'IntrospectTokenResponse' });
