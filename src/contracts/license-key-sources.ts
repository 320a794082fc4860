// What granted a license key (its subscription or order), and the keys that validating and activating answer with.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { LicenseKeyRead } from './license-key';
import { LicenseKeyActivationBase } from './license-key-activation';

/** The subscription or order whose benefit grant gave a key, as validate and activate name it (2027-01). */
export const LicenseKeySubscription = z
  .object({
    id: Uuid,
    status: z.string(),
    current_period_start: Timestamp,
    current_period_end: Timestamp,
    cancel_at_period_end: z.boolean(),
    ends_at: Timestamp.nullable(),
  })
  .meta({ id: 'LicenseKeySubscription' });
export const LicenseKeyOrder = z
  .object({ id: Uuid, created_at: Timestamp, status: z.string(), paid: z.boolean() })
  .meta({ id: 'LicenseKeyOrder' });
export const LicenseKeySources = z.object({
  subscription_id: Uuid.nullable(),
  subscription: LicenseKeySubscription.nullable(),
  order_id: Uuid.nullable(),
  order: LicenseKeyOrder.nullable(),
});
export type LicenseKeySources = z.infer<typeof LicenseKeySources>;

/** A key as activating it answers: what granted it beside it. */
export const GrantedLicenseKey = LicenseKeyRead.extend(LicenseKeySources.shape).meta({ id: 'GrantedLicenseKey' });
export const ValidatedLicenseKey = LicenseKeyRead.extend({
  ...LicenseKeySources.shape,
  activation: LicenseKeyActivationBase.nullable(),
}).meta({
  id: 'ValidatedLicenseKey',
});
export const LicenseKeyActivationCreated = LicenseKeyActivationBase.extend({ license_key: GrantedLicenseKey }).meta({
  id: 'LicenseKeyActivationCreated',
});
