// Offline-verifiable license tokens (a Bursar addition): a key's signed token and the organization's signing keys.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { PageQuery } from './query-params';
import { Timestamp, Uuid } from './common';

export const LicenseKeyToken = z
  .object({
    /** `<base64url(claims JSON)>.<base64url(Ed25519 signature of the first part)>`. */
    token: z.string(),
    expires_at: Timestamp,
    key_version: z.int32(),
  })
  .meta({ id: 'LicenseKeyToken' });
export type LicenseKeyToken = z.infer<typeof LicenseKeyToken>;

export const LicenseSigningKeyJwk = z
  .object({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string(),
    kid: z.string(),
    alg: z.literal('EdDSA'),
    use: z.literal('sig'),
  })
  .meta({ id: 'LicenseSigningKeyJwk' });

export const LicenseSigningKeyRead = z
  .object({
    version: z.int32(),
    algorithm: z.literal('Ed25519'),
    /** SPKI, PEM. */
    public_key: z.string(),
    public_key_jwk: LicenseSigningKeyJwk,
    created_at: Timestamp,
    /** Set once a rotation replaced it; it is listed while tokens it signed may still be unexpired. */
    retired_at: Timestamp.nullable(),
  })
  .meta({ id: 'LicenseSigningKey' });
export type LicenseSigningKeyRead = z.infer<typeof LicenseSigningKeyRead>;

export const LicenseSigningKeyList = ListResource(LicenseSigningKeyRead).meta({
  id: 'ListResource_LicenseSigningKey_',
});
export type LicenseSigningKeyList = z.infer<typeof LicenseSigningKeyList>;

export const LicenseSigningKeyListQuery = z.object({ ...PageQuery });
export type LicenseSigningKeyListQuery = z.infer<typeof LicenseSigningKeyListQuery>;

export const OrganizationIdParams = z.object({ organization_id: Uuid });

/** `POST /v1/customer-portal/license-keys/token`: an app refreshing its offline token with the key it holds. */
export const LicenseKeyTokenRequest = z
  .object({ key: z.string().min(1).max(255), organization_id: Uuid })
  .meta({ id: 'LicenseKeyTokenRequest' });
