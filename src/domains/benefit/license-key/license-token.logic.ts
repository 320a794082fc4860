// Offline license tokens' pure rules: which keys get one, the claims and their expiry, the token's two parts.

/** The signed claims; `exp` and `iat` in Unix seconds, `kid` the organization's signing-key version. */
export interface LicenseTokenClaims {
  v: 1;
  kid: number;
  org: string;
  benefit: string;
  customer: string;
  license_key: string;
  iat: number;
  exp: number;
  limit_activations: number | null;
}

export interface TokenKey {
  id: string;
  organizationId: string;
  benefitId: string;
  customerId: string;
  status: string;
  limitActivations: number | null;
  expiresAt: Date | null;
}

/** Why `key` gets no token at `now`, or null when it gets one. */
export function tokenRefusal(key: Pick<TokenKey, 'status' | 'expiresAt'>, now: Date): string | null {
  if (key.status !== 'granted') return `The license key is ${key.status}; only a granted key gets a token.`;
  if (key.expiresAt && key.expiresAt <= now) return 'The license key has expired.';
  return null;
}

/**
 * The key's claims signed at `now`: the token expires with the key, and at most `ttlSeconds` after `now`, so a key
 * without an expiry (a subscription's) still has to be refreshed — a revocation reaches offline apps by then.
 */
export function tokenClaims(key: TokenKey, version: number, now: Date, ttlSeconds: number): LicenseTokenClaims {
  const iat = Math.floor(now.getTime() / 1000);
  const keyExpiry = key.expiresAt ? Math.floor(key.expiresAt.getTime() / 1000) : Infinity;
  return {
    v: 1,
    kid: version,
    org: key.organizationId,
    benefit: key.benefitId,
    customer: key.customerId,
    license_key: key.id,
    iat,
    exp: Math.min(keyExpiry, iat + ttlSeconds),
    limit_activations: key.limitActivations,
  };
}

/** The token's first part, the one the signature covers: the claims' JSON, base64url. */
export const encodeClaims = (claims: LicenseTokenClaims): string =>
  Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');

/** `<claims>.<signature>`, both base64url. */
export const licenseToken = (encodedClaims: string, signature: Uint8Array): string =>
  `${encodedClaims}.${Buffer.from(signature).toString('base64url')}`;

/** Retired signing keys stay listed while tokens they signed may be unexpired: those retired after this instant. */
export const oldestNeededRetirement = (now: Date, ttlSeconds: number): Date =>
  new Date(now.getTime() - ttlSeconds * 1000);
