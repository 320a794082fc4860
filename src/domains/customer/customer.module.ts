// The customer module: its table, customers and the read functions other domains are given, and their routes.
import { migrations, provide, routes, type Module } from '../../platform/module';
import { CustomerSchema } from './customer.entity';
import { PaymentMethodSchema } from './payment-method.entity';
import { MemberSchema } from './member/member.entity';
import { MemberStore } from './member/member-store';
import type { MemberFollower } from './member/member-deps';
import { PaymentMethodStore } from './payment-methods';
import { customerOutputs, liveCustomer, liveCustomerByExternalId } from './customer.reads';
import { CustomerService } from './customer.service';
import type { SubscriptionMethods, SubscriptionRevoker } from './customer-deps';
import { PaymentMethodCommands } from './payment-method-commands';
import { customerRoutes } from './customer.routes';
import { Migration20261122040000_customers } from './migrations/Migration20261122040000_customers';
import { Migration20261201200000_payment_methods } from './migrations/Migration20261201200000_payment_methods';
import { Migration20261201200200_customer_default_method } from './migrations/Migration20261201200200_customer_default_method';
import { Migration20261201400100_customer_export_index } from './migrations/Migration20261201400100_customer_export_index';
import { Migration20261202100000_members } from './migrations/Migration20261202100000_members';

const customerReads = { get: liveCustomer, getByExternalId: liveCustomerByExternalId, outputs: customerOutputs };

export const customerModule: Module = {
  name: 'customer',
  entities: [CustomerSchema, PaymentMethodSchema, MemberSchema],
  migrations: migrations(
    Migration20261122040000_customers,
    Migration20261201200000_payment_methods,
    Migration20261201200200_customer_default_method,
    Migration20261201400100_customer_export_index,
    Migration20261202100000_members,
  ),
  provides: [
    provide('customerReads', [], () => customerReads),
    provide('members', ['clock', 'outbox'], (s) => new MemberStore(s)),
    provide('paymentMethods', ['orm', 'clock'], (s) => new PaymentMethodStore(s)),
    provide(
      'paymentMethodCommands',
      ['orm', 'processor', 'paymentMethods', 'subscriptionMethods'],
      ({ paymentMethods, subscriptionMethods, ...s }) =>
        new PaymentMethodCommands({ ...s, store: paymentMethods, subscriptions: subscriptionMethods }),
    ),
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
  routes: routes(
    ['customers', 'subscriptionRevoker', 'paymentMethods', 'orm'],
    ({ customers, subscriptionRevoker, paymentMethods, orm }) =>
      customerRoutes({ customers, revoke: subscriptionRevoker, paymentMethods, orm }),
  ),
};

declare module '../../platform/module' {
  interface Services {
    customerReads: typeof customerReads;
    customers: CustomerService;
    /** The customers' saved payment methods. */
    paymentMethods: PaymentMethodStore;
    paymentMethodCommands: PaymentMethodCommands;
    /** Which saved method running subscriptions charge (the subscription module provides it). */
    subscriptionMethods: SubscriptionMethods;
    /** Revokes a deleted customer's subscriptions (the subscription module provides it). */
    subscriptionRevoker: SubscriptionRevoker;
    /** Customers' members: found or added by e-mail or external id (seats). */
    members: MemberStore;
  }
  interface Contributions {
    /** Domains told when a member is deleted (its sessions, its seats), in the same transaction. */
    memberFollowers: MemberFollower[];
  }
}
