// What the subscription workflow plans from: status, period end, interval and dunning, on its test clock if any.
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { BillingDeps } from './billing-deps';
import { Subscription } from './subscription.entity';
import type { SubscriptionSchedule } from './subscription.logic';

export async function subscriptionSchedule(deps: BillingDeps, subscriptionId: string): Promise<SubscriptionSchedule> {
  return inTransaction(deps.orm, async (tx) =>
    scheduleOf(deps, tx, await tx.em.findOneOrFail(Subscription, { id: subscriptionId })),
  );
}

export async function scheduleOf(deps: BillingDeps, tx: Tx, s: Subscription): Promise<SubscriptionSchedule> {
  const clockTime = s.testClockId ? await deps.testClocks.now(tx.em, s.testClockId) : null;
  return {
    status: s.status,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    pauseAtPeriodEnd: s.pauseAtPeriodEnd,
    pausedAt: s.pausedAt?.toISOString() ?? null,
    resumesAt: s.resumesAt?.toISOString() ?? null,
    interval: s.recurringInterval,
    intervalCount: s.recurringIntervalCount,
    anchorDay: s.anchorDay,
    dunningDays: [...deps.dunningDays],
    clockTime: clockTime?.toISOString() ?? null,
    renewalSpreadMs: s.testClockId ? 0 : deps.renewalSpreadMs,
  };
}
