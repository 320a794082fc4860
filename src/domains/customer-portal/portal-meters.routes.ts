// The customer portal's meters: the caller's own standing on each meter — units consumed, credited by benefits, and
// the balance. Another customer's meter is not found.
import { IdParams } from '../../contracts/common';
import {
  CustomerCustomerMeter,
  CustomerCustomerMeterList,
  CustomerCustomerMeterListQuery,
} from '../../contracts/portal-meter';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerMeterQueries } from '../meter';

export function portalMeterRoutes({ meters }: { meters: CustomerMeterQueries }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/meters/',
      summary: "List the customer's meters",
      query: CustomerCustomerMeterListQuery,
      status: 200,
      response: CustomerCustomerMeterList,
      async handler({ tx, customer, query }) {
        const page = await meters.pageOfCustomer(tx.em, customer, query);
        return { items: page.items.map((meter) => CustomerCustomerMeter.parse(meter)), pagination: page.pagination };
      },
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/meters/:id',
      summary: "Get one of the customer's meters",
      params: IdParams,
      status: 200,
      response: CustomerCustomerMeter,
      async handler({ tx, customer, params }) {
        return CustomerCustomerMeter.parse(await meters.getOfCustomer(tx.em, customer, params.id));
      },
    }),
  ];
}
