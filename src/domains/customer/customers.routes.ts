// The customers collection: list them, export them as CSV, create one.
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { Customer, CustomerList } from '../../contracts/customer';
import { CustomerCreate } from '../../contracts/customer-create';
import { CustomerExportQuery, CustomerListQuery } from '../../contracts/customer-list-query';
import { detachedReads } from '../../platform/database/detached-reads';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { CustomerService } from './customer.service';
import { customerOutput } from './customer.output';
import { exportCustomers } from './customer-export';
import { READ } from './customer.scopes';

export function customersRoutes(customers: CustomerService, orm: MikroORM): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/customers/',
      summary: 'List customers',
      readOnly: true,
      scopes: READ,
      query: CustomerListQuery,
      status: 200,
      response: CustomerList,
      async handler({ auth, tx, query }) {
        const page = await customers.list(detachedReads(tx.em), auth.organizationId, query);
        return { items: page.items.map(customerOutput), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/customers/export',
      summary: 'Export customers as CSV (streamed)',
      scopes: READ,
      query: CustomerExportQuery,
      status: 200,
      response: z.string().meta({ contentMediaType: 'text/csv' }),
      outsideTransaction: true,
      async handler({ auth, query }) {
        return exportCustomers(orm, auth.organizationId, query);
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
  ];
}
