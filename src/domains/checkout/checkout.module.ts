// The checkout module: its tables, checkout sessions and links, the steps of the checkout workflow, and their routes.
import { contribute, migrations, provide, routes, type Module } from '../../platform/module';
import { productUserOf } from '../catalog';
import { CheckoutService } from './checkout.service';
import { CheckoutClientService } from './checkout-client.service';
import { CheckoutQueries } from './checkout.queries';
import type { FlowDeps } from './flow-deps';
import { CheckoutLinkService } from './link/checkout-link.service';
import { checkoutRoutes } from './checkout.routes';
import { checkoutDetailRoutes } from './checkout-detail.routes';
import { checkoutClientRoutes } from './checkout-client.routes';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { checkoutLinkRoutes } from './link/checkout-link.routes';
import { checkoutLinkDetailRoutes } from './link/checkout-link-detail.routes';
import { checkoutLinkRedirectRoutes } from './link/checkout-link-redirect.routes';
import { customerSubscriptionRoutes } from './customer-subscription.routes';
import { CheckoutSchema } from './checkout.entity';
import { CheckoutLinkSchema } from './link/checkout-link.entity';
import { Migration20261122050000_checkouts_orders } from './migrations/Migration20261122050000_checkouts_orders';
import { Migration20261122060000_checkout_confirmation } from './migrations/Migration20261122060000_checkout_confirmation';
import { Migration20261122080000_checkout_confirmed_at } from './migrations/Migration20261122080000_checkout_confirmed_at';
import { Migration20261128040100_checkout_currency_chosen } from './migrations/Migration20261128040100_checkout_currency_chosen';

/** A checkout (any, even expired: it points at the product's prices) or a live checkout link offering the product. */
const CHECKOUT_HOLDS =
  'exists (select 1 from checkout c where c.organization_id = q.org' +
  ' and (c.product_id = p.id or p.id = any(c.product_ids)))' +
  ' or exists (select 1 from checkout_link l where l.organization_id = q.org and l.deleted_at is null' +
  ' and p.id = any(l.product_ids))';

export const checkoutModule: Module = {
  name: 'checkout',
  entities: [CheckoutSchema, CheckoutLinkSchema],
  migrations: migrations(
    Migration20261122050000_checkouts_orders,
    Migration20261122060000_checkout_confirmation,
    Migration20261122080000_checkout_confirmed_at,
    Migration20261128040100_checkout_currency_chosen,
  ),
  provides: [
    provide(
      'checkouts',
      [
        'clock',
        'outbox',
        'seller',
        'config',
        'publicUrl',
        'products',
        'discounts',
        'customers',
        'testClockQueries',
        'organizations',
      ],
      ({ config, testClockQueries, ...s }) =>
        new CheckoutService({ ...s, ttlSeconds: config.CHECKOUT_TTL_SECONDS, testClocks: testClockQueries }),
    ),
    provide(
      'checkoutClient',
      ['orm', 'flows', 'checkouts', 'customers', 'customerSessions', 'payments', 'processorDisputeEvents', 'config'],
      ({ config, processorDisputeEvents, ...s }) =>
        new CheckoutClientService({
          ...s,
          disputeEvents: processorDisputeEvents,
          stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
        }),
    ),
    provide(
      'checkoutFlow',
      [
        'orm',
        'clock',
        'outbox',
        'checkouts',
        'customers',
        'paymentMethods',
        'orders',
        'discounts',
        'subscriptions',
        'processor',
        'payments',
        'config',
      ],
      ({ config, ...s }) => ({ ...s, settlementTimeoutMs: config.PAYMENT_SETTLEMENT_TIMEOUT_MS }),
    ),
    provide(
      'checkoutLinks',
      ['clock', 'publicUrl', 'checkouts', 'products', 'discounts'],
      (s) => new CheckoutLinkService(s),
    ),
  ],
  contributes: [
    contribute('productUsers', [], () => productUserOf(CHECKOUT_HOLDS)),
    contribute('testClockFollowers', [], () => new CheckoutQueries()),
  ],
  routes: routes(
    [
      'checkouts',
      'checkoutClient',
      'checkoutLinks',
      'publicUrl',
      'orm',
      'customers',
      'paymentMethods',
      'orders',
      'subscriptions',
      'subscriptionBilling',
      'processor',
      'seller',
      'testClockQueries',
    ],
    (s) => [
      ...checkoutRoutes({ checkouts: s.checkouts }),
      ...checkoutDetailRoutes({ checkouts: s.checkouts }),
      ...checkoutClientRoutes({ client: s.checkoutClient }),
      ...stripeWebhookRoutes({ client: s.checkoutClient }),
      ...checkoutLinkRoutes({ links: s.checkoutLinks }),
      ...checkoutLinkDetailRoutes({ links: s.checkoutLinks }),
      ...checkoutLinkRedirectRoutes({ links: s.checkoutLinks, publicUrl: s.publicUrl }),
      ...customerSubscriptionRoutes({ ...s, billing: s.subscriptionBilling, testClocks: s.testClockQueries }),
    ],
  ),
};

declare module '../../platform/module' {
  interface Services {
    checkouts: CheckoutService;
    checkoutClient: CheckoutClientService;
    /** What the checkout workflow's steps are given. */
    checkoutFlow: FlowDeps;
    checkoutLinks: CheckoutLinkService;
  }
}
