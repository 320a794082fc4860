// The organization's server creates a customer session (its token shown once).
import { CustomerSession, CustomerSessionCreate } from '../../contracts/customer-session';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { secretShownOnce } from '../../platform/idempotency';
import type { CustomerSessionService } from './customer-session.service';

export function customerSessionCreateRoutes(sessions: CustomerSessionService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/customer-sessions/',
      summary: 'Create a customer session (its token opens the customer portal API for that customer)',
      scopes: ['customer_sessions:write'],
      body: CustomerSessionCreate,
      status: 201,
      response: CustomerSession,
      idempotent: secretShownOnce({
        resource: 'customer session',
        secret: 'token',
        read: (response: { id: string; token: string }) => ({ id: response.id, secret: response.token }),
      }),
      async handler({ auth, tx, body }) {
        return sessions.create(tx, auth.organizationId, body);
      },
    }),
  ];
}
