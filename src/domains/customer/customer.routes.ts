// HTTP surface of customers: create (or let a checkout create them), read, list, update and delete, by id or by
// external id. The `external/…` paths have one segment more than `{id}` ones, so the two never capture each other.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { Customer, CustomerList } from '../../contracts/customer';
import { CustomerCreate } from '../../contracts/customer-create';
import { CustomerDeleteQuery, ExternalIdParams } from '../../contracts/customer-params';
import { CustomerListQuery } from '../../contracts/customer-list-query';
import { CustomerUpdate, CustomerUpdateExternalID } from '../../contracts/customer-update';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from './customer.service';
import type { SubscriptionRevoker } from './customer-deps';
import { customerOutput } from './customer.output';

const READ = ['customers:read', 'customers:write'] as const;
const WRITE = ['customers:write'] as const;

export function customerRoutes({
  customers,
  revoke,
}: {
  customers: CustomerService;
  revoke: SubscriptionRevoker;
}): RouteDefinition[] {
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
    defineRoute({
      method: 'delete',
      path: '/v1/customers/:id',
      summary:
        'Delete a customer: its subscriptions and grants are revoked, its orders kept; `anonymize` also erases what identifies a person',
      scopes: WRITE,
      params: IdParams,
      query: CustomerDeleteQuery,
      status: 204,
      response: z.undefined(),
      outsideTransaction: true,
      async handler({ auth, params, query }) {
        await customers.remove(
          auth.organizationId,
          (em, lock) => customers.get(em, auth.organizationId, params.id, { lock }),
          query.anonymize,
          revoke,
        );
        return undefined;
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/customers/external/:external_id',
      summary: 'Delete a customer by external ID',
      scopes: WRITE,
      params: ExternalIdParams,
      query: CustomerDeleteQuery,
      status: 204,
      response: z.undefined(),
      outsideTransaction: true,
      async handler({ auth, params, query }) {
        await customers.remove(
          auth.organizationId,
          (em, lock) => customers.getByExternalId(em, auth.organizationId, params.external_id, { lock }),
          query.anonymize,
          revoke,
        );
        return undefined;
      },
    }),
  ];
}
