// License keys: the reference's LicenseKeyRead, its statuses and the customer it embeds.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Customer } from './customer';

export const LICENSE_KEY_STATUSES = ['granted', 'revoked', 'disabled'] as const;
export const LicenseKeyStatus = z.enum(LICENSE_KEY_STATUSES);

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
    /** The member a seat's grant gave the key to; null for the customer's own keys. */
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

/** What a rotation answers: the key with its new key string (the reference's RotatedLicenseKey). */
export const RotatedLicenseKey = LicenseKeyRead.meta({ id: 'RotatedLicenseKey' });
