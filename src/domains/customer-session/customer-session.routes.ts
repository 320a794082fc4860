// HTTP surface of customer sessions: created by the organization, or by the customer with an e-mailed code; read
// and ended by the customer through the portal.
import { CustomerCustomerSession, PortalAuthenticatedUser } from '../../contracts/customer-session-introspection';
import { CustomerSession, CustomerSessionCreate } from '../../contracts/customer-session';
import {
  CustomerSessionCodeAuthenticate,
  CustomerSessionCodeAuthenticated,
  CustomerSessionCodeRequest,
  CustomerSessionCodeRequested,
} from '../../contracts/customer-session-code';
import { z } from 'zod';
import {
  Accepted,
  defineCustomerRoute,
  definePublicRoute,
  defineRoute,
  type RouteDefinition,
} from '../../platform/http/route';
import { secretShownOnce } from '../../platform/idempotency';
import type { CustomerService } from '../customer';
import type { CustomerLoginService } from './customer-login.service';
import type { CustomerSessionService } from './customer-session.service';

export interface CustomerSessionRouteDeps {
  sessions: CustomerSessionService;
  login: CustomerLoginService;
  customers: CustomerService;
}

export function customerSessionRoutes({ sessions, login, customers }: CustomerSessionRouteDeps): RouteDefinition[] {
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
    definePublicRoute({
      method: 'post',
      path: '/v1/customer-portal/customer-session/request',
      summary: 'E-mail a customer a 6-character login code (202 whatever the address)',
      body: CustomerSessionCodeRequest,
      status: 202,
      response: CustomerSessionCodeRequested,
      rateLimit: 'customer_login',
      outsideTransaction: true,
      async handler({ body }) {
        login.requestCode(body);
        return new Accepted({});
      },
    }),
    definePublicRoute({
      method: 'post',
      path: '/v1/customer-portal/customer-session/authenticate',
      summary: 'Exchange an e-mailed login code for a customer session token',
      body: CustomerSessionCodeAuthenticate,
      status: 200,
      response: CustomerSessionCodeAuthenticated,
      rateLimit: 'customer_login',
      outsideTransaction: true,
      async handler({ body }) {
        return login.authenticate(body);
      },
    }),
    defineCustomerRoute({
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
      method: 'get',
      path: '/v1/customer-portal/customer-session/user',
      summary: 'Who the customer session authenticates',
      status: 200,
      response: PortalAuthenticatedUser,
      async handler({ tx, customer }) {
        const { name, email } = await customers.get(tx.em, customer.organizationId, customer.customerId);
        return { type: 'customer' as const, name, email, customer_id: customer.customerId };
      },
    }),
    defineCustomerRoute({
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
