// The customer portal's `customers/me`: the caller reads their own customer and changes their billing details, checked
// and announced exactly as the organization's customer update does.
import { CustomerPortalCustomer, CustomerPortalCustomerUpdate } from '../../contracts/portal-customer';
import { invalidField } from '../../kernel/errors';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerService, PaymentMethodCommands } from '../customer';
import { ResourceNotFound } from '../../kernel/errors';
import { memberViewOfCustomer, portalCustomerOutput } from './portal-customer.output';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function portalCustomerRoutes({
  customers,
  paymentMethodCommands: methods,
}: {
  customers: CustomerService;
  paymentMethodCommands: PaymentMethodCommands;
}): RouteDefinition[] {
  return [
    defineCustomerRoute({
      members: 'all',
      method: 'get',
      path: '/v1/customer-portal/customers/me',
      summary: 'The customer the session authenticates',
      status: 200,
      response: CustomerPortalCustomer,
      async handler({ tx, customer }) {
        const account = portalCustomerOutput(
          await customers.getOutput(tx.em, customer.organizationId, customer.customerId),
        );
        return customer.role === 'member' ? memberViewOfCustomer(account) : account;
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
        // sets the default method (the running subscriptions move to it), writes the customer, then customer.updated
        // and customer.state_changed to the outbox
        const { default_payment_method_id: paymentMethod, ...changes } = body;
        if (paymentMethod) {
          const found =
            UUID.test(paymentMethod) &&
            (await methods.setDefault(tx, customer, paymentMethod).then(
              () => true,
              (error) => (error instanceof ResourceNotFound ? false : Promise.reject(error)),
            ));
          if (!found) throw invalidField(['body', 'default_payment_method_id'], 'Payment method not found.');
        }
        return portalCustomerOutput(
          await customers.updateById(tx, customer.organizationId, customer.customerId, changes),
        );
      },
    }),
  ];
}
