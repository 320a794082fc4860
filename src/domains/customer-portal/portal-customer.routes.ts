// The customer portal's `customers/me`: the caller reads their own customer and changes their billing details, checked
// and announced exactly as the organization's customer update does.
import { CustomerPortalCustomer, CustomerPortalCustomerUpdate } from '../../contracts/portal-customer';
import { invalidField } from '../../kernel/errors';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from '../customer';
import { portalCustomerOutput } from './portal-customer.output';

export function portalCustomerRoutes({ customers }: { customers: CustomerService }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/customers/me',
      summary: 'The customer the session authenticates',
      status: 200,
      response: CustomerPortalCustomer,
      async handler({ tx, customer }) {
        return portalCustomerOutput(await customers.getOutput(tx.em, customer.organizationId, customer.customerId));
      },
    }),
    defineCustomerRoute({
      method: 'patch',
      path: '/v1/customer-portal/customers/me',
      summary: "Update the customer's billing name, address and tax ID (customer.updated, customer.state_changed)",
      body: CustomerPortalCustomerUpdate,
      status: 200,
      response: CustomerPortalCustomer,
      async handler({ tx, customer, body }) {
        // writes the customer, then customer.updated and customer.state_changed to the outbox
        const { default_payment_method_id: paymentMethod, ...changes } = body;
        // Bursar keeps no payment methods a customer could choose between
        if (paymentMethod) throw invalidField(['body', 'default_payment_method_id'], 'Payment method not found.');
        return portalCustomerOutput(
          await customers.updateById(tx, customer.organizationId, customer.customerId, changes),
        );
      },
    }),
  ];
}
