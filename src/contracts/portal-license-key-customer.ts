// The customer as the customer portal embeds them in their license keys.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Address } from './address';

/**
 * The customer as the portal embeds them in their license keys: the reference's LicenseKeyCustomer field by field, less
 * what the merchant keeps about them — `metadata` is always empty and `external_id` null (kept, as SDKs expect them).
 */
export const PortalLicenseKeyCustomer = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    metadata: z.record(z.string(), z.never()),
    external_id: z.null(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    type: z.string(),
    name: z.string().nullable(),
    billing_name: z.string().nullable(),
    billing_address: Address.nullable(),
    tax_id: z.array(z.string().nullable()).nullable(),
    locale: z.string().nullable(),
    organization_id: Uuid,
    default_payment_method_id: z.string().nullable(),
    deleted_at: Timestamp.nullable(),
    avatar_url: z.string().nullable(),
  })
  .meta({ id: 'PortalLicenseKeyCustomer' });
