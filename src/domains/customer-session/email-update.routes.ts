// The portal's e-mail update: ask for a code at the new address, check it, and exchange it for the change.
import { z } from 'zod';
import {
  CustomerEmailUpdateCheckQuery,
  CustomerEmailUpdateRequest,
  CustomerEmailUpdateRequested,
  CustomerEmailUpdateVerifyRequest,
  CustomerEmailUpdateVerifyResponse,
} from '../../contracts/customer-email-update';
import { Accepted, defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { EmailUpdateService } from './email-update.service';

const BASE = '/v1/customer-portal/customers/me/email-update';

export function emailUpdateRoutes(emailUpdates: EmailUpdateService): RouteDefinition[] {
  return [
    defineCustomerRoute({
      members: 'owner',
      method: 'post',
      path: `${BASE}/request`,
      summary: 'E-mail a 6-character code to the address the customer wants instead of theirs',
      body: CustomerEmailUpdateRequest,
      status: 202,
      response: CustomerEmailUpdateRequested,
      rateLimit: 'customer_login',
      // writes the code; e-mails it after commit
      async handler({ tx, customer, body }) {
        await emailUpdates.request(tx, customer, body.email);
        return new Accepted({});
      },
    }),
    defineCustomerRoute({
      members: 'owner',
      method: 'get',
      path: `${BASE}/check`,
      summary: "Whether a code is the customer's live e-mail update code (204, else 401)",
      query: CustomerEmailUpdateCheckQuery,
      status: 204,
      response: z.null(),
      rateLimit: 'customer_login',
      outsideTransaction: true,
      // counts a wrong code
      async handler({ customer, query }) {
        await emailUpdates.check(customer, query.token);
      },
    }),
    defineCustomerRoute({
      members: 'owner',
      method: 'post',
      path: `${BASE}/verify`,
      summary: "Change the customer's e-mail to the address the code proves; answers a new session token",
      body: CustomerEmailUpdateVerifyRequest,
      status: 200,
      response: CustomerEmailUpdateVerifyResponse,
      rateLimit: 'customer_login',
      outsideTransaction: true,
      // uses the code; writes the customer (customer.updated), ends its sessions, opens a new one
      async handler({ customer, body }) {
        return emailUpdates.verify(customer, body.token);
      },
    }),
  ];
}
