// The keys an organization signs license tokens with: one (with its public key as a JWK), their list and its query.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { PageQuery } from './query-params';

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
