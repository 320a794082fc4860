// A customer's saved payment methods, by customer id or external id (the default first, then the newest).
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { ExternalIdParams } from '../../contracts/customer-params';
import { PaymentMethodList } from '../../contracts/payment-method';
import { PageQuery } from '../../contracts/query-params';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from './customer.service';
import { READ } from './customer.scopes';
import { paymentMethodOutput } from './payment-method.output';
import type { PaymentMethodStore, StoredPaymentMethod } from './payment-methods';

export const PaymentMethodListQuery = z.object(PageQuery);

/** One page of the methods (a customer has a handful: the page is cut from the whole list). */
export function paymentMethodPage(methods: StoredPaymentMethod[], query: z.infer<typeof PaymentMethodListQuery>) {
  const start = (query.page - 1) * query.limit;
  return {
    items: methods.slice(start, start + query.limit).map(paymentMethodOutput),
    pagination: { total_count: methods.length, max_page: Math.ceil(methods.length / query.limit) },
  };
}

export function paymentMethodRoutes(customers: CustomerService, store: PaymentMethodStore): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/customers/:id/payment-methods',
      summary: "List a customer's saved payment methods",
      scopes: READ,
      params: IdParams,
      query: PaymentMethodListQuery,
      status: 200,
      response: PaymentMethodList,
      async handler({ auth, tx, params, query }) {
        const customer = await customers.get(tx.em, auth.organizationId, params.id);
        return paymentMethodPage(await store.list(customer.id, tx.em), query);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/customers/external/:external_id/payment-methods',
      summary: "List a customer's saved payment methods, by external ID",
      scopes: READ,
      params: ExternalIdParams,
      query: PaymentMethodListQuery,
      status: 200,
      response: PaymentMethodList,
      async handler({ auth, tx, params, query }) {
        const customer = await customers.getByExternalId(tx.em, auth.organizationId, params.external_id);
        return paymentMethodPage(await store.list(customer.id, tx.em), query);
      },
    }),
  ];
}
