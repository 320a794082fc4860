// HTTP surface of customers: create (or let a checkout create them), read and list.
import { IdParams } from '../../contracts/common';
import { Customer, CustomerCreate, CustomerList, CustomerListQuery } from '../../contracts/customer';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from './customer.service';
import { customerOutput } from './customer.output';

const READ = ['customers:read', 'customers:write'] as const;

export function customerRoutes({ customers }: { customers: CustomerService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/customers/',
      summary: 'List customers',
      scopes: READ,
      query: CustomerListQuery,
      status: 200,
      response: CustomerList,
      async handler({ auth, tx, query }) {
        const page = await customers.list(tx.em, auth.organizationId, query);
        return { items: page.items.map(customerOutput), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/customers/',
      summary: 'Create a customer (customer.created); in the sandbox it may follow a test clock',
      scopes: ['customers:write'],
      body: CustomerCreate,
      status: 201,
      response: Customer,
      idempotent: true,
      async handler({ auth, tx, body }) {
        return customerOutput(await customers.create(tx, auth.organizationId, body));
      },
    }),
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
  ];
}
