// License keys: the reference's LicenseKeyRead family, the spec's update body, and the validate/activate/deactivate bodies.
import { z } from 'zod';
import { Customer } from './customer';
import { ListResource } from './list-resource';
import { MetadataInput, MetadataOutput } from './metadata';
import { PageQuery, queryMany } from './query-params';
import { Timestamp, Uuid } from './common';

export const LICENSE_KEY_STATUSES = ['granted', 'revoked', 'disabled'] as const;
export const LicenseKeyStatus = z.enum(LICENSE_KEY_STATUSES);

/** Activation conditions and meta: shaped and bounded like metadata (50 keys of at most 40 characters, scalar values). */
const ActivationValues = MetadataInput;

/** The customer as license keys embed it: a Customer whose `type` is an open string and `email` nullable. */
export const LicenseKeyCustomer = Customer.omit({ test_clock_id: true })
  .extend({ email: z.string().nullable(), type: z.string(), tax_id: z.array(z.string().nullable()).nullable() })
  .meta({ id: 'LicenseKeyCustomer' });

export const LicenseKeyRead = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    organization_id: Uuid,
    customer_id: Uuid,
    customer: LicenseKeyCustomer,
    /** The team member the key is assigned to; Bursar has no team members yet, so always null. */
    member_id: Uuid.nullable(),
    member: z.object({ id: Uuid, email: z.string(), external_id: z.string().nullable() }).nullable(),
    benefit_id: Uuid,
    key: z.string(),
    display_key: z.string(),
    status: LicenseKeyStatus,
    limit_activations: z.int32().nullable(),
    usage: z.int32(),
    limit_usage: z.int32().nullable(),
    validations: z.int32(),
    last_validated_at: Timestamp.nullable(),
    expires_at: Timestamp.nullable(),
  })
  .meta({ id: 'LicenseKeyRead' });
export type LicenseKeyRead = z.infer<typeof LicenseKeyRead>;

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

export const LicenseKeyList = ListResource(LicenseKeyRead).meta({ id: 'ListResource_LicenseKeyRead_' });
export const LicenseKeyListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  benefit_id: queryMany(Uuid),
  status: queryMany(LicenseKeyStatus),
});
export type LicenseKeyListQuery = z.infer<typeof LicenseKeyListQuery>;

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

export const LicenseKeyActivationParams = z.object({ id: Uuid, activation_id: Uuid });
