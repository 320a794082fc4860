// Offline-verifiable license tokens (a Bursar addition): a key's signed token, and the request that refreshes it.
import { z } from 'zod';
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

/** `POST /v1/customer-portal/license-keys/token`: an app refreshing its offline token with the key it holds. */
export const LicenseKeyTokenRequest = z
  .object({ key: z.string().min(1).max(255), organization_id: Uuid })
  .meta({ id: 'LicenseKeyTokenRequest' });
