// Token revocation (RFC 7009): the request.
import { z } from 'zod';
import { clientCredentials, tokenTypeHint } from './oauth2-fields';

export const RevokeTokenRequest = z
  .object({ token: z.string().min(1).max(200), token_type_hint: tokenTypeHint, ...clientCredentials })
  .meta({ id: 'RevokeTokenRequest' });
export type RevokeTokenRequest = z.infer<typeof RevokeTokenRequest>;
