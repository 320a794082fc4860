// A license key's activations: one as keys embed it, a key with its activations, one with its key, and their path.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { LicenseKeyRead } from './license-key';
import { MetadataOutput } from './metadata';

export const LicenseKeyActivationBase = z
  .object({
    id: Uuid,
    license_key_id: Uuid,
    label: z.string(),
    meta: MetadataOutput,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
  })
  .meta({ id: 'LicenseKeyActivationBase' });

export const LicenseKeyWithActivations = LicenseKeyRead.extend({ activations: z.array(LicenseKeyActivationBase) }).meta(
  { id: 'LicenseKeyWithActivations' },
);
export const LicenseKeyActivationRead = LicenseKeyActivationBase.extend({ license_key: LicenseKeyRead }).meta({
  id: 'LicenseKeyActivationRead',
});

export const LicenseKeyActivationParams = z.object({ id: Uuid, activation_id: Uuid });
