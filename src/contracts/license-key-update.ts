// The spec's update body of a license key: its status, usage, limits and expiry.
import { z } from 'zod';
import { Timestamp } from './common';
import { LicenseKeyStatus } from './license-key';

/** The spec's update body: every key optional; a body without `usage` leaves it alone. */
export const LicenseKeyUpdate = z
  .object({
    status: LicenseKeyStatus.nullish(),
    usage: z.int32().min(0).optional(),
    limit_activations: z.int32().min(1).max(50).nullish(),
    limit_usage: z.int32().min(1).nullish(),
    expires_at: Timestamp.nullish(),
  })
  .meta({ id: 'LicenseKeyUpdate' });
export type LicenseKeyUpdate = z.infer<typeof LicenseKeyUpdate>;
