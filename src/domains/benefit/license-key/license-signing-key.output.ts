// A license signing key as the API shows it: its public half, as PEM and as a JWK.
import { createPublicKey } from 'node:crypto';
import type { LicenseSigningKeyRead } from '../../../contracts/license-signing-key';
import type { LicenseSigningKey } from './license-key.entity';

export function signingKeyOutput(key: LicenseSigningKey): LicenseSigningKeyRead {
  const { x } = createPublicKey(key.publicKey).export({ format: 'jwk' });
  return {
    version: key.version,
    algorithm: 'Ed25519',
    public_key: key.publicKey,
    public_key_jwk: { kty: 'OKP', crv: 'Ed25519', x: x as string, kid: String(key.version), alg: 'EdDSA', use: 'sig' },
    created_at: key.createdAt.toISOString(),
    retired_at: key.retiredAt?.toISOString() ?? null,
  };
}
