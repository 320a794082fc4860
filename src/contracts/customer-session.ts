// Customer sessions: how a customer reaches the customer portal API — created by the organization's server, or by the
// customer with a code e-mailed to them.
import { z } from 'zod';
import { Timestamp, Url, Uuid } from './common';
import { Customer } from './customer';

const ReturnUrl = Url({ protocol: /^https?$/ })
  .max(2048)
  .nullish();

/**
 * The reference's two bodies (`CustomerSessionCustomerIDCreate`, `CustomerSessionCustomerExternalIDCreate`) as one,
 * so that a body naming neither customer says which field it lacks.
 */
export const CustomerSessionCreate = z
  .object({
    customer_id: Uuid.optional(),
    external_customer_id: z.string().min(1).max(255).optional(),
    return_url: ReturnUrl,
    member_id: Uuid.nullish(),
    external_member_id: z.string().max(255).nullish(),
  })
  .refine((body) => body.customer_id !== undefined || body.external_customer_id !== undefined, {
    path: ['customer_id'],
    message: 'customer_id or external_customer_id is required.',
  })
  .meta({ id: 'CustomerSessionCreate' });
export type CustomerSessionCreate = z.infer<typeof CustomerSessionCreate>;

export const CustomerSession = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    token: z.string(),
    expires_at: Timestamp,
    return_url: z.string().nullable(),
    customer_portal_url: z.string(),
    customer_id: Uuid,
    customer: Customer,
  })
  .meta({ id: 'CustomerSession' });
