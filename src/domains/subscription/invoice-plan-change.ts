// A change billed `invoice` with something to pay: the difference is charged now, and the change made (with its paid
// order) only once the charge went through; a failed charge changes nothing (402).
import { inTransaction } from '../../platform/database/transaction';
import { lockSubscription } from './billing-deps';
import { chargePlanChange } from './charge-plan-change';
import type { CommandDeps } from './command-deps';
import { usageLeftBehind } from './usage-left-behind';
import { applyPlanned, type PlannedPlanChange } from './planned-change';
import type { Subscription } from './subscription.entity';
import { subscriptionOrder, type SubscriptionBill } from './subscription-order';

/** The change's step keys and times: `key` the Update's id, `cycleKey` its charge's and order's. */
export interface ChangeStep {
  key: string;
  cycleKey: string;
  cutOff: string | null;
  at: Date;
}

/** Charges the planned change's lines now, then makes the change with its paid order. */
export async function invoicePlanChange(
  deps: CommandDeps,
  subscriptionId: string,
  plan: PlannedPlanChange,
  { key, cycleKey, cutOff, at }: ChangeStep,
): Promise<void> {
  const chargeId = await chargePlanChange(deps, subscriptionId, plan, cycleKey);
  await inTransaction(deps.orm, async (tx) => {
    const locked = await lockSubscription(tx, subscriptionId);
    locked.lastCommandKey = key;
    locked.pendingItems = [
      ...locked.pendingItems,
      ...(await usageLeftBehind(deps.billing, tx, locked, plan.target.productId, cutOff, at)),
    ];
    applyPlanned(locked, plan);
    const order = await deps.orders.create(tx, changeOrder(deps, locked, plan, cycleKey));
    await deps.orders.markPaid(tx, order.id, chargeId, at);
    await deps.billing.payments.link(tx, chargeId, { orderId: order.id, customerId: locked.customerId });
    await deps.subscriptions.announce(tx, locked, ['subscription.updated']);
  });
}

/** The order of a change billed now, for the subscription after it (what the preview shows as due now). */
export function changeOrder(
  deps: Pick<CommandDeps, 'billing'>,
  after: Subscription,
  plan: PlannedPlanChange,
  cycleKey: string,
) {
  const bill: SubscriptionBill = {
    billingReason: 'subscription_update',
    cycleKey,
    lines: plan.lines.map((line) => ({ ...line, proration: true })),
    discountAmount: 0,
    description: `${plan.target.name} — plan change`,
    at: plan.at,
    tax: plan.tax, // the tax charged
  };
  return subscriptionOrder(deps.billing.seller, after, bill);
}
