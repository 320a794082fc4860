// Ending a subscription now (`canceled`, `ended_at`): at the end of a period it was set to cancel at, on revoke, or
// when dunning gave up. Pending orders are voided. Events: subscription.updated, .canceled, .revoked.
import { inTransaction, type Tx } from '../../platform/database/transaction';
import { lockSubscription, type BillingDeps } from './billing-deps';
import type { CancellationReason, Subscription } from './subscription.entity';
import type { SubscriptionSchedule } from './subscription.logic';
import { scheduleOf } from './subscription-schedule';

export async function endSubscription(
  deps: BillingDeps,
  subscriptionId: string,
  at: string,
): Promise<SubscriptionSchedule> {
  return inTransaction(deps.orm, async (tx) => {
    const s = await lockSubscription(tx, subscriptionId);
    await endLocked(deps, tx, s, new Date(at));
    return scheduleOf(deps, tx, s);
  });
}

/** `endSubscription` on a row the caller has locked (a revoke records its reason with it). */
export async function endLocked(
  deps: Pick<BillingDeps, 'orders' | 'subscriptions'>,
  tx: Tx,
  s: Subscription,
  now: Date,
  reason?: { reason: CancellationReason | null; comment: string | null },
): Promise<void> {
  if (s.status === 'canceled') return;
  markEnded(s, now, reason);
  await tx.em.flush();
  await deps.orders.voidPending(tx, s.id, now);
  await deps.subscriptions.announce(tx, s, ['subscription.updated', 'subscription.canceled', 'subscription.revoked']);
}

/** How the row takes the end (a revoke's preview shows it too). */
export function markEnded(
  s: Subscription,
  now: Date,
  reason?: { reason: CancellationReason | null; comment: string | null },
): void {
  Object.assign(s, { status: 'canceled', endedAt: now, endsAt: now, canceledAt: s.canceledAt ?? now, modifiedAt: now });
  if (reason)
    Object.assign(s, { customerCancellationReason: reason.reason, customerCancellationComment: reason.comment });
}
