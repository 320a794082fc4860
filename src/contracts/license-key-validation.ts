// The bodies a license key is validated, activated and deactivated with.
import { z } from 'zod';
import { Uuid } from './common';
import { MetadataInput } from './metadata';

/** Activation conditions and meta: shaped and bounded like metadata (50 keys of at most 40 characters, scalar values). */
const ActivationValues = MetadataInput;

const keyString = z.string().min(1).max(255);

export const LicenseKeyValidate = z
  .object({
    key: keyString,
    organization_id: Uuid,
    activation_id: Uuid.nullish(),
    benefit_id: Uuid.nullish(),
    customer_id: Uuid.nullish(),
    increment_usage: z.int32().min(0).nullish(),
    conditions: ActivationValues.default({}),
  })
  .meta({ id: 'LicenseKeyValidate' });
export type LicenseKeyValidate = z.infer<typeof LicenseKeyValidate>;

export const LicenseKeyActivate = z
  .object({
    key: keyString,
    organization_id: Uuid,
    label: z.string().trim().min(1).max(255),
    conditions: ActivationValues.default({}),
    meta: ActivationValues.default({}),
  })
  .meta({ id: 'LicenseKeyActivate' });
export type LicenseKeyActivate = z.infer<typeof LicenseKeyActivate>;

export const LicenseKeyDeactivate = z
  .object({ key: keyString, organization_id: Uuid, activation_id: Uuid })
  .meta({ id: 'LicenseKeyDeactivate' });
export type LicenseKeyDeactivate = z.infer<typeof LicenseKeyDeactivate>;
