// A subscription's change announced: its webhook events written to the outbox, and its benefit grants synced.
import type { WebhookEventType } from '../../contracts/webhook';
import type { Tx } from '../../platform/database/transaction';
import type { Subscription } from './subscription.entity';
import type { SubscriptionDeps } from './subscription-deps';
import { subscriptionOutputs, type SubscriptionReads } from './subscription.output';

/**
 * Writes the events of a change, in the reference's order: subscription.updated first, then the specific ones —
 * except a renewal's subscription.cycled, which the reference sends from the cycle itself, before its update.
 */
export async function announceSubscription(
  deps: SubscriptionDeps,
  tx: Tx,
  subscription: Subscription,
  events: WebhookEventType[],
  known?: SubscriptionReads,
): Promise<void> {
  const [output] = await subscriptionOutputs(tx.em, deps, [subscription], known);
  for (const type of events) deps.outbox.enqueueEvent(tx, subscription.organizationId, type, output);
  const source = { kind: 'subscription', id: subscription.id } as const;
  await deps.grants.syncSource(
    tx,
    subscription.organizationId,
    subscription.customerId,
    source,
    subscription.productId,
  );
}
