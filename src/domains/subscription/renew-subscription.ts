// The renewal step: the period ending at `periodEnd` is over, the next one starts, and its pending order is written.
import { addInterval } from '../../kernel/calendar';
import { inTransaction } from '../../platform/database/transaction';
import { lockSubscription, type BillingDeps } from './billing-deps';
import { currentDiscount } from './current-discount';
import { meteredCutOff } from './metered-cut-off';
import { closeMeteredPeriod } from './metered-usage';
import { renewalLines } from './renewal-lines.logic';
import { subscriptionOrder } from './subscription-order';

/**
 * A scheduled change applies, the next period starts, an expired discount goes, and the pending order for the new
 * period is written (once: a retried step finds it by its cycle key), with the metered usage of the period that ended
 * (`metered-usage.ts`) and the credits a plan change carried forward.
 */
export async function renewSubscription(
  deps: BillingDeps,
  subscriptionId: string,
  periodEnd: string,
  at: string,
): Promise<{ orderId: string; totalAmount: number }> {
  const cutOff = await meteredCutOff(deps, subscriptionId);
  return inTransaction(deps.orm, async (tx) => {
    const s = await lockSubscription(tx, subscriptionId);
    const cycleKey = `${s.id}:${periodEnd}`;
    const start = new Date(periodEnd);
    if (s.currentPeriodStart.getTime() >= start.getTime()) {
      const order = (await deps.orders.findByCycleKey(tx.em, cycleKey))!;
      return { orderId: order.id, totalAmount: order.totalAmount };
    }
    const afterTrial = s.status === 'trialing';
    const metered = await closeMeteredPeriod(deps, tx, s, start, cutOff, new Date(at)); // the plan of the period that ended
    if (s.pendingUpdate) {
      const { productId, priceId, priceAmount, seats } = s.pendingUpdate;
      Object.assign(s, { productId, priceId, priceAmount, seats, pendingUpdate: null });
    }
    if (afterTrial) s.anchorDay = start.getUTCDate();
    const end = addInterval(start, s.recurringInterval, s.recurringIntervalCount, s.anchorDay);
    const { lines, discountAmount, carryForward, recurringAmount } = renewalLines({
      productName: (await deps.products.get(tx.em, s.organizationId, s.productId)).name,
      priceId: s.priceId,
      priceAmount: s.priceAmount,
      period: { start, end },
      discount: await currentDiscount(deps, tx, s, start),
      currency: s.currency,
      carried: s.pendingItems,
      metered,
    });
    Object.assign(s, {
      currentPeriodStart: start,
      currentPeriodEnd: end,
      amount: recurringAmount,
      pendingItems: carryForward
        ? [{ label: 'Credit carried from the previous renewal', amount: carryForward, priceId: null }]
        : [],
      modifiedAt: new Date(at),
    });
    const order = await deps.orders.create(
      tx,
      subscriptionOrder(deps.seller, s, {
        billingReason: afterTrial ? 'subscription_create' : 'subscription_cycle',
        cycleKey,
        lines,
        discountAmount,
        description: lines[0].label,
        at: new Date(at),
        taxAt: start,
      }),
    );
    // A new period began (after a trial too: `status` tells them apart), whatever its payment does next.
    await deps.subscriptions.announce(tx, s, ['subscription.cycled', 'subscription.updated']);
    return { orderId: order.id, totalAmount: order.totalAmount };
  });
}
