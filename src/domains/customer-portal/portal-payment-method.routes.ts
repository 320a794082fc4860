// The customer portal's saved payment methods: list, add (a processor setup, perhaps waiting for the customer to
// authenticate), confirm such a setup, and remove.
import { z } from 'zod';
import { UNVERSIONED, type ApiVersion } from '../../contracts/api-version';
import { IdParams } from '../../contracts/common';
import {
  CustomerPaymentMethodConfirm,
  CustomerPaymentMethodCreate,
  PaymentMethodList,
  PortalPaymentMethodAdded,
  type CustomerPaymentMethodCreateResponse,
} from '../../contracts/payment-method';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import {
  paymentMethodPage,
  PaymentMethodListQuery,
  type PaymentMethodCommands,
  type PaymentMethodStore,
} from '../customer';

export interface PortalPaymentMethodDeps {
  paymentMethods: PaymentMethodStore;
  paymentMethodCommands: PaymentMethodCommands;
}

/**
 * The unversioned API serves two generations of 0.x clients: the older take the saved method itself, the newer the
 * 1.x answer; a saved method's answer is both at once (each client ignores the other's fields).
 */
const inVersion = (version: ApiVersion, answer: CustomerPaymentMethodCreateResponse) =>
  version === UNVERSIONED && answer.status === 'succeeded' ? { ...answer.payment_method, ...answer } : answer;

const PATH = '/v1/customer-portal/customers/me/payment-methods';

export function portalPaymentMethodRoutes(deps: PortalPaymentMethodDeps): RouteDefinition[] {
  const { paymentMethods, paymentMethodCommands: commands } = deps;
  return [
    defineCustomerRoute({
      method: 'get',
      path: PATH,
      summary: "List the customer's saved payment methods",
      query: PaymentMethodListQuery,
      status: 200,
      response: PaymentMethodList,
      async handler({ tx, customer, query }) {
        return paymentMethodPage(await paymentMethods.list(customer.customerId, tx.em), query);
      },
    }),
    defineCustomerRoute({
      method: 'post',
      path: PATH,
      summary: 'Add a payment method (saved, or a setup the customer must authenticate first)',
      body: CustomerPaymentMethodCreate,
      status: 201,
      response: PortalPaymentMethodAdded,
      outsideTransaction: true,
      handler: async ({ customer, body, request }) => inVersion(request.apiVersion, await commands.add(customer, body)),
    }),
    defineCustomerRoute({
      method: 'post',
      path: `${PATH}/confirm`,
      summary: 'Confirm a payment method setup the customer authenticated',
      body: CustomerPaymentMethodConfirm,
      status: 201,
      response: PortalPaymentMethodAdded,
      outsideTransaction: true,
      handler: async ({ customer, body, request }) =>
        inVersion(request.apiVersion, await commands.confirm(customer, body)),
    }),
    defineCustomerRoute({
      method: 'delete',
      path: `${PATH}/:id`,
      summary: 'Remove a saved payment method (its subscriptions move to the default)',
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ tx, customer, params }) {
        await commands.remove(tx, customer, params.id);
      },
    }),
  ];
}
