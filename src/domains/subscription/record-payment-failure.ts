// A subscription order's payment failed: `past_due` (subscription.past_due the first time), the order's next retry
// scheduled by dunning, and the customer e-mailed a link to pay it now.
import { inTransaction } from '../../platform/database/transaction';
import { lockSubscription, type BillingDeps } from './billing-deps';
import type { SubscriptionSchedule } from './subscription.logic';
import { scheduleOf } from './subscription-schedule';

/** A renewal payment failed: `past_due` (subscription.past_due the first time) and the order's next retry. */
export async function recordPaymentFailure(
  deps: BillingDeps,
  subscriptionId: string,
  orderId: string,
  nextAttemptAt: string | null,
  at: string,
): Promise<SubscriptionSchedule> {
  return inTransaction(deps.orm, async (tx) => {
    const s = await lockSubscription(tx, subscriptionId);
    await deps.orders.scheduleRetry(tx, orderId, nextAttemptAt ? new Date(nextAttemptAt) : null, new Date(at));
    if (s.status !== 'past_due' && s.status !== 'canceled') {
      Object.assign(s, { status: 'past_due', pastDueAt: new Date(at), modifiedAt: new Date(at) });
      await tx.em.flush();
      await deps.subscriptions.announce(tx, s, ['subscription.updated', 'subscription.past_due']);
      // The first decline: the customer may pay it now with another card rather than wait for the retry.
      if (nextAttemptAt) await deps.orders.emailPayLink(tx, await deps.orders.findById(tx.em, orderId), 'declined');
    }
    return scheduleOf(deps, tx, s);
  });
}
