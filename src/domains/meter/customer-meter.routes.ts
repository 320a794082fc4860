// HTTP surface of customer meters: GET /v1/customer-meters/ and /v1/customer-meters/{id} (reads only).
import { IdParams } from '../../contracts/common';
import { CustomerMeter, CustomerMeterList, CustomerMeterListQuery } from '../../contracts/customer-meter';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerMeterQueries } from './customer-meter.queries';

const READ = ['customer_meters:read'] as const;

export function customerMeterRoutes({ customerMeters }: { customerMeters: CustomerMeterQueries }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/customer-meters/',
      summary: 'List customer meters',
      scopes: READ,
      query: CustomerMeterListQuery,
      status: 200,
      response: CustomerMeterList,
      async handler({ auth, tx, query }) {
        return customerMeters.page(tx.em, auth.organizationId, query);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/customer-meters/:id',
      summary: 'Get a customer meter',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: CustomerMeter,
      async handler({ auth, tx, params }) {
        return customerMeters.get(tx.em, auth.organizationId, params.id);
      },
    }),
  ];
}
