// One customer read, by id or by external id.
import { IdParams } from '../../contracts/common';
import { Customer } from '../../contracts/customer';
import { ExternalIdParams } from '../../contracts/customer-params';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from './customer.service';
import { customerOutput } from './customer.output';
import { READ } from './customer.scopes';

export function customerReadRoutes(customers: CustomerService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/customers/:id',
      summary: 'Get a customer',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Customer,
      async handler({ auth, tx, params }) {
        return customerOutput(await customers.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/customers/external/:external_id',
      summary: 'Get a customer by external ID',
      scopes: READ,
      params: ExternalIdParams,
      status: 200,
      response: Customer,
      async handler({ auth, tx, params }) {
        return customerOutput(await customers.getByExternalId(tx.em, auth.organizationId, params.external_id));
      },
    }),
  ];
}
