// The dispute module: its table, the disputes service and flow steps, Stripe's dispute events, the sandbox test
// cards' disputes (a payment follower), the flows that follow test clocks, and the routes.
import { contribute, migrations, provide, routes, type Module } from '../../platform/module';
import type { DisputeEvent } from '../../adapters/payment/stripe-webhooks';
import { Migration20261201100100_disputes } from './migrations/Migration20261201100100_disputes';
import type { DisputeDeps } from './dispute-deps';
import { DisputeSchema } from './dispute.entity';
import { receiveDisputeEvent, sandboxCardDisputes } from './dispute-events';
import { disputeRoutes } from './dispute.routes';
import { DisputeService } from './dispute.service';
import { disputesOnClock } from './dispute-clock';

const OPEN_NEEDS = ['orm', 'clock', 'outbox', 'processor', 'orders', 'organizations', 'customers'] as const;

export const disputeModule: Module = {
  name: 'dispute',
  entities: [DisputeSchema],
  migrations: migrations(Migration20261201100100_disputes),
  provides: [
    provide(
      'disputeFlow',
      [...OPEN_NEEDS, 'testClockQueries', 'flows', 'payments', 'sandbox', 'subscriptionRevoker'],
      ({ testClockQueries, subscriptionRevoker, ...s }) => ({
        ...s,
        testClocks: testClockQueries,
        revokeSubscription: subscriptionRevoker,
      }),
    ),
    provide('disputes', ['disputeFlow'], ({ disputeFlow }) => new DisputeService(disputeFlow)),
    provide(
      'processorDisputeEvents',
      ['disputeFlow'],
      ({ disputeFlow }) =>
        (event: DisputeEvent) =>
          receiveDisputeEvent(disputeFlow, event),
    ),
  ],
  contributes: [
    contribute('paymentFollowers', [...OPEN_NEEDS, 'testClockQueries'], ({ testClockQueries, ...s }) =>
      sandboxCardDisputes({ ...s, testClocks: testClockQueries }),
    ),
    contribute('testClockFollowers', [], () => disputesOnClock),
  ],
  routes: routes(['disputes'], disputeRoutes),
};

declare module '../../platform/module' {
  interface Services {
    /** What the dispute workflow's steps are given. */
    disputeFlow: DisputeDeps;
    disputes: DisputeService;
    /** Stripe's dispute events, as the checkout domain's webhook receives them. */
    processorDisputeEvents: (event: DisputeEvent) => Promise<void>;
  }
}
