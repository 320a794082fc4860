// A change billed `invoice` with something to pay: the difference is charged now, and the change made (with its paid
// order) only once the charge went through; a failed charge changes nothing (402).
import { PaymentDeclined } from '../../adapters/payment/payment-processor';
import { inTransaction } from '../../platform/database/transaction';
import type { Discount } from '../discount';
import { lockSubscription } from './billing-deps';
import { keepDiscount, switchTo, type Change } from './change-target';
import type { CommandDeps } from './command-deps';
import { usageLeftBehind } from './metered-usage';
import type { PlanTarget } from './plan-change.logic';
import { Subscription, type PendingItem } from './subscription.entity';
import { PaymentFailed } from './subscription.errors';
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
  const chargeId = await chargeNow(deps, subscriptionId, invoice, cycleKey);
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

/** The charge of the invoice's total on the saved card; a decline is the change's 402. */
async function chargeNow(
  deps: CommandDeps,
  subscriptionId: string,
  invoice: PlanChangeInvoice,
  cycleKey: string,
): Promise<string> {
  const s = await deps.orm.em.fork().findOneOrFail(Subscription, { id: subscriptionId });
  const total = s.taxBehavior === 'inclusive' ? invoice.net : invoice.net + invoice.tax;
  try {
    if (!deps.processor || !s.paymentMethodToken || !s.processorCustomerId)
      throw new PaymentDeclined('card_declined', 'No payment method is saved for this subscription.');
    const charged = await deps.processor.charge({
      customerId: s.processorCustomerId,
      paymentMethod: s.paymentMethodToken,
      amount: total,
      currency: s.currency,
      idempotencyKey: `subscription:${cycleKey}`,
      reference: subscriptionId,
    });
    // A change charged now is paid now: one the processor would settle later is canceled there (and made only if
    // it went through meanwhile), so that no charge stands for a change that was not made.
    if (
      charged.pending &&
      (await deps.processor.cancelCharge({
        chargeId: charged.chargeId,
        idempotencyKey: `subscription:${cycleKey}:cancel`,
      })) !== 'succeeded'
    )
      throw new PaymentDeclined('card_declined', 'the payment could not be completed at once');
    return charged.chargeId;
  } catch (error) {
    if (error instanceof PaymentDeclined)
      throw new PaymentFailed(`The change was not made: the payment failed (${error.message}).`);
    throw error;
  }
}
