// The subscription module: its table; subscriptions, their commands and the steps of their workflow; the rules by
// which a subscription grants benefits; and their routes.
import { contribute, migrations, provide, routes, type Module } from '../../platform/module';
import { productUserOf } from '../catalog';
import type { BillingDeps } from './billing-deps';
import type { AssignedSeats } from './command-deps';
import { SubscriptionMeterReader } from './subscription-meter';
import { SubscriptionQueries } from './subscription.queries';
import { SubscriptionService } from './subscription.service';
import { SubscriptionCommandService } from './subscription-commands.service';
import type { ChangePreviewFollower } from './command-deps';
import { subscriptionGrantSource, subscriptionOfLicenseKey } from './subscription-grant-source';
import { subscriptionRoutes } from './subscription.routes';
import { subscriptionCommandRoutes } from './subscription-command.routes';
import { SubscriptionSchema } from './subscription.entity';
import { Migration20261122070000_subscriptions } from './migrations/Migration20261122070000_subscriptions';
import { Migration20261127000000_list_indexes } from './migrations/Migration20261127000000_list_indexes';
import { Migration20261128020000_subscription_pause } from './migrations/Migration20261128020000_subscription_pause';
import { subscriptionMethods } from './subscription-payment-methods';
import { Migration20261201400000_subscription_export_index } from './migrations/Migration20261201400000_subscription_export_index';

export const subscriptionModule: Module = {
  name: 'subscription',
  entities: [SubscriptionSchema],
  migrations: migrations(
    Migration20261122070000_subscriptions,
    Migration20261127000000_list_indexes,
    Migration20261128020000_subscription_pause,
    Migration20261201400000_subscription_export_index,
  ),
  provides: [
    provide(
      'subscriptionMeters',
      ['products', 'meters', 'customerMeters'],
      ({ customerMeters, ...s }) => new SubscriptionMeterReader({ ...s, standings: customerMeters }),
    ),
    provide(
      'subscriptionQueries',
      ['subscriptionMeters'],
      (s) => new SubscriptionQueries({ meterReader: s.subscriptionMeters }),
    ),
    provide('subscriptionGrantSource', ['testClockQueries'], (s) => subscriptionGrantSource(s.testClockQueries)),
    provide('subscriptionOfLicenseKey', [], () => subscriptionOfLicenseKey),
    provide(
      'subscriptions',
      ['clock', 'outbox', 'discounts', 'customers', 'products', 'grantRequests', 'subscriptionMeters'],
      ({ grantRequests, subscriptionMeters, ...s }) =>
        new SubscriptionService({ ...s, grants: grantRequests, meterReader: subscriptionMeters }),
    ),
    provide(
      'subscriptionBilling',
      [
        'orm',
        'processor',
        'payments',
        'seller',
        'config',
        'subscriptions',
        'orders',
        'discounts',
        'products',
        'testClockQueries',
        'customers',
        'meters',
        'customerMeterUsage',
      ],
      ({ config, testClockQueries, customerMeterUsage, ...s }) => ({
        ...s,
        dunningDays: config.DUNNING_RETRY_DAYS,
        renewalSpreadMs: config.RENEWAL_SPREAD_SECONDS * 1000,
        testClocks: testClockQueries,
        customerMeters: customerMeterUsage,
        settlementTimeoutMs: config.PAYMENT_SETTLEMENT_TIMEOUT_MS,
      }),
    ),
    provide(
      'subscriptionCommands',
      [
        'orm',
        'processor',
        'flows',
        'subscriptions',
        'subscriptionBilling',
        'orders',
        'discounts',
        'products',
        'subscriptionAssignedSeats',
        'changePreviewFollowers',
      ],
      ({ subscriptionBilling, subscriptionAssignedSeats, changePreviewFollowers, ...s }) =>
        new SubscriptionCommandService({
          ...s,
          billing: subscriptionBilling,
          assignedSeats: subscriptionAssignedSeats,
          previewFollowers: changePreviewFollowers,
        }),
    ),
    provide('subscriptionMethods', [], () => subscriptionMethods),
    provide('subscriptionRevoker', ['subscriptionCommands'], ({ subscriptionCommands }) => {
      return async (organizationId, id) =>
        void (await subscriptionCommands.send(organizationId, id, { kind: 'revoke', reason: null, comment: null }));
    }),
  ],
  contributes: [
    contribute('productUsers', [], () =>
      productUserOf('exists (select 1 from subscription s where s.organization_id = q.org and s.product_id = p.id)'),
    ),
    contribute('testClockFollowers', ['subscriptionQueries'], (s) => s.subscriptionQueries),
  ],
  routes: routes(
    ['subscriptions', 'subscriptionCommands', 'organizations', 'orm', 'customers', 'products', 'discounts'],
    (s) => [
      ...subscriptionRoutes(s),
      ...subscriptionCommandRoutes({ commands: s.subscriptionCommands, organizations: s.organizations }),
    ],
  ),
};

declare module '../../platform/module' {
  interface Services {
    subscriptionMeters: SubscriptionMeterReader;
    subscriptionQueries: SubscriptionQueries;
    subscriptions: SubscriptionService;
    /** What the subscription workflow's steps are given. */
    subscriptionBilling: BillingDeps;
    subscriptionCommands: SubscriptionCommandService;
    /** Provided by the seat module: a subscription's assigned seats (a decrease below them is refused). */
    subscriptionAssignedSeats: AssignedSeats;
  }
  interface Contributions {
    /** Domains told of each plan change previewed (the timeline), after the preview. */
    changePreviewFollowers: ChangePreviewFollower[];
  }
}
