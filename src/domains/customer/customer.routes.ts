// HTTP surface of customers: create (or let a checkout create them), read and list.
import { IdParams } from '../../contracts/common';
import { Customer, CustomerCreate, CustomerList, CustomerListQuery } from '../../contracts/customer';
import { checkedTaxId } from '../tax';
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
    method: 'post',
    path: '/v1/customers/',
    summary: 'Create a customer (customer.created); in the sandbox it may follow a test clock',
    scopes: ['customers:write'],
    body: CustomerCreate,
    status: 201,
    response: Customer,
    idempotent: true,
    async handler({ env, auth, tx, body }) {
      if (body.test_clock_id) await env.testClocks.attachable(tx.em, auth.organizationId, body.test_clock_id, ['body', 'test_clock_id']);
      const taxId = checkedTaxId(body.tax_id, body.billing_address?.country, ['body', 'tax_id']);
      const customer = await env.customers.create(tx, auth.organizationId, {
        email: body.email,
        externalId: body.external_id,
        name: body.name,
        billingAddress: body.billing_address,
        taxId,
        locale: body.locale,
        metadata: body.metadata,
        testClockId: body.test_clock_id,
      });
      return customerOutput(customer);
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
