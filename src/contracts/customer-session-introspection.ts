// What the caller's own customer session token is worth, and the user it authenticates.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';

/** `GET /v1/customer-portal/customer-session/introspect`: what the caller's own token is worth. */
export const CustomerCustomerSession = z
  .object({ expires_at: Timestamp, return_url: z.string().nullable() })
  .meta({ id: 'CustomerCustomerSession' });

export const PortalAuthenticatedUser = z
  .object({
    /** 'customer' for the account's owner, 'member' for another member of it. */
    type: z.enum(['customer', 'member']),
    name: z.string().nullable(),
    email: z.string(),
    customer_id: Uuid,
    /** A member's id and role (owner, billing_manager, member); only set for members. */
    member_id: Uuid.nullish(),
    role: z.string().nullish(),
  })
  .meta({ id: 'PortalAuthenticatedUser' });
