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

/** `GET /v1/customer-portal/customer-session/introspect`: what the caller's own token is worth. */
export const CustomerCustomerSession = z
  .object({ expires_at: Timestamp, return_url: z.string().nullable() })
  .meta({ id: 'CustomerCustomerSession' });

export const PortalAuthenticatedUser = z
  .object({
    type: z.literal('customer'),
    name: z.string().nullable(),
    email: z.string(),
    customer_id: Uuid,
  })
  .meta({ id: 'PortalAuthenticatedUser' });

/** Asks for a login code by e-mail: answered 202 whether or not the address is a customer's, so it reveals nothing. */
export const CustomerSessionCodeRequest = z
  .object({ email: z.email().max(320), organization_id: Uuid })
  .meta({ id: 'CustomerSessionCodeRequest' });
export const CustomerSessionCodeRequested = z.object({});

/**
 * Exchanges the e-mailed code for a customer session token. The code counts only with the address and organization
 * it was sent for, so two customers' codes never stand for each other.
 */
export const CustomerSessionCodeAuthenticate = z
  .object({
    email: z.email().max(320),
    organization_id: Uuid,
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6}$/, 'The 6-character code from the e-mail'),
  })
  .meta({ id: 'CustomerSessionCodeAuthenticateRequest' });
export const CustomerSessionCodeAuthenticated = z
  .object({ token: z.string() })
  .meta({ id: 'CustomerSessionCodeAuthenticateResponse' });
