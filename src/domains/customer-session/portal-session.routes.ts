// The customer's own session through the portal: read it, who it is for, and end it.
import { CustomerCustomerSession, PortalAuthenticatedUser } from '../../contracts/customer-session-introspection';
import { z } from 'zod';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import { memberById, type CustomerService } from '../customer';
import type { CustomerSessionService } from './customer-session.service';

export function portalSessionRoutes({
  sessions,
  customers,
}: {
  sessions: CustomerSessionService;
  customers: CustomerService;
}): RouteDefinition[] {
  return [
    defineCustomerRoute({
      members: 'all',
      method: 'get',
      path: '/v1/customer-portal/customer-session/introspect',
      summary: "The caller's own customer session",
      status: 200,
      response: CustomerCustomerSession,
      async handler({ tx, customer }) {
        const session = await sessions.get(tx.em, customer);
        return { expires_at: session.expiresAt.toISOString(), return_url: session.returnUrl };
      },
    }),
    defineCustomerRoute({
      members: 'all',
      method: 'get',
      path: '/v1/customer-portal/customer-session/user',
      summary: 'Who the customer session authenticates',
      status: 200,
      response: PortalAuthenticatedUser,
      async handler({ tx, customer }) {
        if (customer.role !== 'owner') {
          const member = await memberById(tx.em, customer.organizationId, customer.memberId);
          if (member) {
            const { name, email, role } = member;
            return {
              type: 'member' as const,
              name,
              email,
              customer_id: customer.customerId,
              member_id: member.id,
              role,
            };
          }
        }
        const { name, email } = await customers.get(tx.em, customer.organizationId, customer.customerId);
        return { type: 'customer' as const, name, email, customer_id: customer.customerId };
      },
    }),
    defineCustomerRoute({
      members: 'all',
      method: 'delete',
      path: '/v1/customer-portal/customer-session',
      summary: "End the caller's customer session (sign out of the portal)",
      status: 204,
      response: z.null(),
      async handler({ tx, customer }) {
        await sessions.revoke(tx, customer);
      },
    }),
  ];
}
