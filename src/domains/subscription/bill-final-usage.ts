// The final-usage step: a subscription ending at the end of its period bills that period's usage first.
import { inTransaction } from '../../platform/database/transaction';
import { discountRule } from '../discount';
import { lockSubscription, type BillingDeps } from './billing-deps';
import { meteredCutOff } from './metered-cut-off';
import { closeMeteredPeriod } from './metered-usage';
import { finalUsageLines } from './final-usage-lines.logic';
import { subscriptionOrder } from './subscription-order';

/**
 * An order of the period's metered lines (`subscription_meter_cycle`, once: a retried step finds it by its key), billed
 * while its credits still stand and charged like a renewal. Null when there is nothing to charge; the meters are
 * reset either way.
 */
export async function billFinalUsage(
  deps: BillingDeps,
  subscriptionId: string,
  periodEnd: string,
): Promise<{ orderId: string | null }> {
  const cutOff = await meteredCutOff(deps, subscriptionId);
  return inTransaction(deps.orm, async (tx) => {
    const s = await lockSubscription(tx, subscriptionId);
    const cycleKey = `${s.id}:${periodEnd}:usage`;
    const existing = await deps.orders.findByCycleKey(tx.em, cycleKey);
    if (existing) return { orderId: existing.id };
    const end = new Date(periodEnd);
    if (s.currentPeriodEnd.getTime() !== end.getTime()) return { orderId: null }; // not the period it ended with
    const metered = await closeMeteredPeriod(deps, tx, s, end, cutOff, end);
    const [discount] = s.discountId ? await deps.discounts.findByIds(tx.em, s.organizationId, [s.discountId]) : [];
    const bill = finalUsageLines(metered, discount ? discountRule(discount) : null, s.currency);
    if (!bill) return { orderId: null };
    const order = await deps.orders.create(
      tx,
      subscriptionOrder(deps.seller, s, {
        billingReason: 'subscription_meter_cycle',
        cycleKey,
        lines: bill.lines,
        discountAmount: bill.discountAmount,
        description: bill.lines[0].label,
        at: end,
      }),
    );
    return { orderId: order.id };
  });
}
