// ID tokens as a relying party checks them, with node:crypto alone (jose is ESM-only and Jest runs CommonJS): the
// parts of the compact JWS, the environment's published key set, and whether a signature verifies against it.
import { createHash, createPublicKey, verify } from 'node:crypto';
import type { Environment } from '../../src/platform/config';
import { AuthorizationServerMetadata } from '../../src/contracts/oauth2-server-metadata';
import { JsonWebKeySet } from '../../src/contracts/oauth2-id-token';
import type { TestHarness } from './harness';

export interface DecodedIdToken {
  header: { alg: string; typ: string; kid: string };
  claims: Record<string, unknown>;
  signingInput: string;
  signature: Buffer;
}

export function decodeIdToken(token: string): DecodedIdToken {
  const [header, claims, signature, ...rest] = token.split('.');
  if (rest.length || !signature) throw new Error(`Not a compact JWS: ${token}`);
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return {
    header: json(header),
    claims: json(claims),
    signingInput: `${header}.${claims}`,
    signature: Buffer.from(signature, 'base64url'),
  };
}

/** The key set at the metadata's jwks_uri, fetched as a client does. */
export async function publishedKeys(h: TestHarness, environment: Environment): Promise<JsonWebKeySet['keys']> {
  const metadata = AuthorizationServerMetadata.parse(
    (await h.request('GET', '/.well-known/openid-configuration', { environment })).body,
  );
  const answer = await h.request('GET', new URL(metadata.jwks_uri).pathname, { environment });
  if (answer.status !== 200) throw new Error(`jwks_uri answered ${answer.status}`);
  return JsonWebKeySet.parse(answer.body).keys;
}

/** Whether any of `keys` verifies the token's RS256 signature (whatever its kid says: a kid is only a hint). */
export function verifiesWith(token: string, keys: JsonWebKeySet['keys']): boolean {
  const { header, signingInput, signature } = decodeIdToken(token);
  if (header.alg !== 'RS256') return false;
  return keys.some((jwk) =>
    verify('sha256', Buffer.from(signingInput), createPublicKey({ key: jwk, format: 'jwk' }), signature),
  );
}

/** OpenID Connect Core §3.3.2.11: the left half of the access token's SHA-256, base64url. */
export const atHash = (accessToken: string): string =>
  createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
