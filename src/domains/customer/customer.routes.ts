// HTTP surface of customers, the part checkouts need: read and list (creation happens at checkout confirm).
import { IdParams } from '../../contracts/common';
import { Customer, CustomerList, CustomerListQuery } from '../../contracts/customer';
import { defineRoute } from '../../app/http/route';
import { customerOutput } from './customer.service';

const READ = ['customers:read', 'customers:write'] as const;

export const customerRoutes = [
  defineRoute({
    method: 'get',
    path: '/v1/customers/',
    summary: 'List customers',
    scopes: READ,
    query: CustomerListQuery,
    status: 200,
    response: CustomerList,
    async handler({ env, auth, tx, query }) {
      const page = await env.customers.list(tx.em, auth.organizationId, query);
      return { items: page.items.map(customerOutput), pagination: page.pagination };
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
    async handler({ env, auth, tx, params }) {
      return customerOutput(await env.customers.get(tx.em, auth.organizationId, params.id));
    },
  }),
];
