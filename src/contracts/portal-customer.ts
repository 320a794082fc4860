// The customer portal's own customer: what the authenticated customer sees and may change of themselves.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Address } from './address';

/** A connected OAuth account; Bursar connects none, so the map is always empty. */
export const CustomerPortalOAuthAccount = z
  .object({ account_id: z.string(), account_username: z.string().nullable() })
  .meta({ id: 'CustomerPortalOAuthAccount' });

/** The reference's CustomerPortalCustomer: no metadata, external id or organization of the merchant's own. */
export const CustomerPortalCustomer = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    email: z.string().nullable(),
    email_verified: z.boolean(),
    name: z.string().nullable(),
    billing_name: z.string().nullable(),
    billing_address: Address.nullable(),
    tax_id: z.tuple([z.string(), z.string()]).nullable(),
    oauth_accounts: z.record(z.string(), CustomerPortalOAuthAccount),
    default_payment_method_id: z.string().nullable(),
    type: z.literal('individual'),
    locale: z.string().nullable(),
  })
  .meta({ id: 'CustomerPortalCustomer' });
export type CustomerPortalCustomer = z.infer<typeof CustomerPortalCustomer>;

/** `PATCH /v1/customer-portal/customers/me`: billing details only; the e-mail, external id and metadata stay the merchant's. */
export const CustomerPortalCustomerUpdate = z
  .object({
    billing_name: z.string().max(256).nullish(),
    billing_address: Address.nullish(),
    tax_id: z.string().max(64).nullish(),
    default_payment_method_id: z.string().max(255).nullish(),
  })
  .meta({ id: 'CustomerPortalCustomerUpdate' });
export type CustomerPortalCustomerUpdate = z.infer<typeof CustomerPortalCustomerUpdate>;
