// A change billed `invoice` with something to pay: the difference is charged now, and the change made (with its paid
// order) only once the charge went through; a failed charge changes nothing (402).
import { inTransaction } from '../../platform/database/transaction';
import type { Discount } from '../discount';
import { lockSubscription } from './billing-deps';
import { chargePlanChange } from './charge-plan-change';
import { switchTo, type Change } from './change-target';
import { keepDiscount } from './discount-after-change';
import type { CommandDeps } from './command-deps';
import { usageLeftBehind } from './usage-left-behind';
import type { PlanTarget } from './plan-change.logic';
import type { PendingItem } from './subscription.entity';
import { subscriptionOrder } from './subscription-order';

/** What the change comes to, worked out (and taxed) before anything changed. */
export interface PlanChangeInvoice {
  lines: PendingItem[];
  net: number;
  tax: number;
  target: PlanTarget;
  discount: Discount | null;
}

/** The change's step keys and times: `key` the Update's id, `cycleKey` its charge's and order's. */
export interface ChangeStep {
  key: string;
  cycleKey: string;
  cutOff: string | null;
  at: Date;
}

/** Charges the invoice now, then makes the change with its paid order. */
export async function invoicePlanChange(
  deps: CommandDeps,
  subscriptionId: string,
  command: Change,
  invoice: PlanChangeInvoice,
  { key, cycleKey, cutOff, at }: ChangeStep,
): Promise<void> {
  const chargeId = await chargePlanChange(deps, subscriptionId, invoice, cycleKey);
  await inTransaction(deps.orm, async (tx) => {
    const locked = await lockSubscription(tx, subscriptionId);
    locked.lastCommandKey = key;
    keepDiscount(locked, command, invoice.discount);
    locked.pendingItems = [
      ...locked.pendingItems,
      ...(await usageLeftBehind(deps.billing, tx, locked, invoice.target.productId, cutOff, at)),
    ];
    switchTo(locked, invoice.target, invoice.discount);
    locked.modifiedAt = at;
    const order = await deps.orders.create(
      tx,
      subscriptionOrder(deps.billing.seller, locked, {
        billingReason: 'subscription_update',
        cycleKey,
        lines: invoice.lines.map((line) => ({ ...line, proration: true })),
        discountAmount: 0,
        description: `${invoice.target.name} — plan change`,
        at,
        tax: invoice.tax, // the tax charged above
      }),
    );
    await deps.orders.markPaid(tx, order.id, chargeId, at);
    await deps.subscriptions.announce(tx, locked, ['subscription.updated']);
  });
}
