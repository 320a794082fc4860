// The customer module: its table, customers and the read functions other domains are given, and their routes.
import { migrations, provide, routes, type Module } from '../../platform/module';
import { CustomerSchema } from './customer.entity';
import { customerOutputs, liveCustomer, liveCustomerByExternalId } from './customer.reads';
import { CustomerService } from './customer.service';
import type { SubscriptionRevoker } from './customer-deps';
import { customerRoutes } from './customer.routes';
import { Migration20261122040000_customers } from './migrations/Migration20261122040000_customers';
import { Migration20261201400100_customer_export_index } from './migrations/Migration20261201400100_customer_export_index';

const customerReads = { get: liveCustomer, getByExternalId: liveCustomerByExternalId, outputs: customerOutputs };

export const customerModule: Module = {
  name: 'customer',
  entities: [CustomerSchema],
  migrations: migrations(Migration20261122040000_customers, Migration20261201400100_customer_export_index),
  provides: [
    provide('customerReads', [], () => customerReads),
    provide(
      'customers',
      [
        'orm',
        'clock',
        'outbox',
        'testClockQueries',
        'subscriptionQueries',
        'grantRequests',
        'customerStates',
        'email',
        'events',
      ],
      ({ testClockQueries, subscriptionQueries, grantRequests, customerStates, events, ...s }) =>
        new CustomerService({
          ...s,
          testClocks: testClockQueries,
          subscriptions: subscriptionQueries,
          grants: grantRequests,
          state: customerStates,
          events: events.writer,
        }),
    ),
  ],
  routes: routes(['customers', 'subscriptionRevoker', 'orm'], ({ customers, subscriptionRevoker, orm }) =>
    customerRoutes({ customers, revoke: subscriptionRevoker, orm }),
  ),
};

declare module '../../platform/module' {
  interface Services {
    customerReads: typeof customerReads;
    customers: CustomerService;
    /** Revokes a deleted customer's subscriptions (the subscription module provides it). */
    subscriptionRevoker: SubscriptionRevoker;
  }
}
