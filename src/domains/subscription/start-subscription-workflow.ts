// The start of a subscription's workflow, written to the outbox with the subscription.
import { FLOWS, clockInput, type SubscriptionInput } from '../../../workflows/definitions';
import type { Tx } from '../../platform/database/transaction';
import { flowStart } from '../../platform/temporal/flow-start';
import type { Subscription } from './subscription.entity';
import type { SubscriptionDeps } from './subscription-deps';

/** Starts `subscription:<id>` through the outbox, following the subscription's test clock if it has one. */
export function startSubscriptionWorkflow(
  deps: Pick<SubscriptionDeps, 'outbox'>,
  tx: Tx,
  subscription: Subscription,
): void {
  const input: SubscriptionInput = {
    subscriptionId: subscription.id,
    clock: clockInput(subscription.testClockId, subscription.currentPeriodStart),
  };
  deps.outbox.enqueueWorkflowStart(
    tx,
    subscription.organizationId,
    flowStart(FLOWS.subscription, [subscription.id], input, {
      searchAttributes: { SubscriptionId: subscription.id, CustomerId: subscription.customerId },
      summary: `Subscription ${subscription.id}`,
    }),
  );
}
