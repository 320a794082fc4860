// A subscription order was paid: the subscription active again or for the first time (record-payment-failure.ts:
// the failure).
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { Order, OrderPaymentReads } from '../order';
import { orderSubscriptionOutput } from './order-subscription.output';
import { lockSubscription, type BillingDeps } from './billing-deps';
import type { Subscription } from './subscription.entity';
import type { SubscriptionSchedule } from './subscription.logic';
import { scheduleOf } from './subscription-schedule';

/** The order is paid (order.updated, order.paid), then the subscription is active again or for the first time. */
export async function recordPayment(
  deps: BillingDeps,
  orderId: string,
  chargeId: string | null,
  at: string,
  /** The renewal step's: its subscription (locked first here) and what its order embeds, read once in the step. */
  known?: { subscriptionId: string; order: OrderPaymentReads },
): Promise<SubscriptionSchedule> {
  return inTransaction(deps.orm, async (tx) => {
    const locked = known && (await lockSubscription(tx, known.subscriptionId));
    const reads = locked && { ...known.order, subscriptions: [orderSubscriptionOutput(locked)] };
    const { order, paidNow } = await deps.orders.markPaid(tx, orderId, chargeId, new Date(at), reads);
    const s = paidNow
      ? await subscriptionOrderPaid(deps, tx, order, new Date(at), locked)
      : (locked ?? (await lockSubscription(tx, order.subscriptionId!)));
    return scheduleOf(deps, tx, s);
  });
}

/**
 * A subscription's order was paid: a first payment (`subscription_create`) or a recovery from `past_due` makes the
 * subscription active, with subscription.updated and subscription.active after order.paid (the spec's rule).
 */
export async function subscriptionOrderPaid(
  deps: Pick<BillingDeps, 'subscriptions'>,
  tx: Tx,
  order: Order,
  at: Date,
  /** The subscription when the caller locked it already. */
  locked?: Subscription,
): Promise<Subscription> {
  const s = locked ?? (await lockSubscription(tx, order.subscriptionId!));
  const activates = order.billingReason === 'subscription_create' || s.status === 'past_due' || s.status === 'trialing';
  if (!activates || s.status === 'canceled') return s;
  Object.assign(s, { status: 'active', pastDueAt: null, modifiedAt: at });
  await tx.em.flush();
  await deps.subscriptions.announce(tx, s, ['subscription.updated', 'subscription.active']);
  return s;
}
