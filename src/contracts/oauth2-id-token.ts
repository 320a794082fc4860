// How ID tokens are signed: the algorithm and the public keys (JWKS) to check them with.
import { z } from 'zod';

/** The JWS algorithm of ID tokens. */
export const ID_TOKEN_SIGNING_ALGORITHM = 'RS256';

/** A public key ID tokens are signed with (RFC 7517). */
export const JsonWebKey = z
  .object({
    kty: z.literal('RSA'),
    n: z.string(),
    e: z.string(),
    kid: z.string(),
    alg: z.literal(ID_TOKEN_SIGNING_ALGORITHM),
    use: z.literal('sig'),
  })
  .meta({ id: 'JsonWebKey' });

export const JsonWebKeySet = z.object({ keys: z.array(JsonWebKey) }).meta({ id: 'JsonWebKeySet' });
export type JsonWebKeySet = z.infer<typeof JsonWebKeySet>;
