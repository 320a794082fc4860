// One customer updated, by id or by external id (customer.updated, customer.state_changed).
import { IdParams } from '../../contracts/common';
import { Customer } from '../../contracts/customer';
import { CustomerUpdate, CustomerUpdateExternalID } from '../../contracts/customer-update';
import { ExternalIdParams } from '../../contracts/customer-params';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from './customer.service';
import { customerOutput } from './customer.output';
import { WRITE } from './customer.scopes';

export function customerUpdateRoutes(customers: CustomerService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'patch',
      path: '/v1/customers/:id',
      summary: 'Update a customer (customer.updated, customer.state_changed)',
      scopes: WRITE,
      params: IdParams,
      body: CustomerUpdate,
      status: 200,
      response: Customer,
      async handler({ auth, tx, params, body }) {
        const customer = await customers.get(tx.em, auth.organizationId, params.id, { lock: true });
        return customerOutput(await customers.update(tx, customer, body));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/customers/external/:external_id',
      summary: 'Update a customer by external ID (customer.updated, customer.state_changed)',
      scopes: WRITE,
      params: ExternalIdParams,
      body: CustomerUpdateExternalID,
      status: 200,
      response: Customer,
      async handler({ auth, tx, params, body }) {
        const customer = await customers.getByExternalId(tx.em, auth.organizationId, params.external_id, {
          lock: true,
        });
        return customerOutput(await customers.update(tx, customer, body));
      },
    }),
  ];
}
