// Verifies a Bursar license token offline, with node:crypto only (the README shows this file as it is).
import { verify } from 'node:crypto';

export interface LicenseClaims {
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

/** The token's claims if one of the organization's public keys (SPKI PEM) signed it and it has not expired; else null. */
export function verifyLicenseToken(
  token: string,
  organizationId: string,
  publicKeys: string[],
  now = Date.now(),
): LicenseClaims | null {
  const [claims, signature, extra] = token.split('.');
  if (!claims || !signature || extra !== undefined) return null;
  const signed = publicKeys.some((key) => verify(null, Buffer.from(claims), key, Buffer.from(signature, 'base64url')));
  if (!signed) return null;
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as LicenseClaims;
  return payload.v === 1 && payload.org === organizationId && payload.exp * 1000 > now ? payload : null;
}
