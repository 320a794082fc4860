// Checkout and order activities: thin calls into the checkout and order domains.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CheckoutConfirm } from '../src/contracts/checkout-update';
import { inTransaction, type Tx } from '../src/platform/database/transaction';
import {
  cancelCheckoutCharge,
  chargeCheckout,
  completeCheckout,
  confirmCheckout,
  expireCheckout,
  failCheckout,
  refundCheckoutCharge,
  reopenCheckout,
  type CheckoutFlowDeps,
} from '../src/domains/checkout';
import type { OrderService } from '../src/domains/order';
import { subscriptionOrderPaid, type BillingDeps } from '../src/domains/subscription';
import { because } from '../src/platform/cause/cause';
import { asFailure } from './failures';

/** The customer's confirmation, which the checkout's flow carries out. */
const CONFIRMED = { type: 'command', name: 'checkout confirmed' } as const;

export const createCheckoutActivities = (
  orm: MikroORM,
  flow: CheckoutFlowDeps,
  orders: OrderService,
  billing: BillingDeps,
) => {
  /** Pending → paid, with order.updated and order.paid; a subscription's first payment then makes it active. */
  const payOrder = async (tx: Tx, orderId: string, chargeId: string | null, at?: Date): Promise<void> => {
    const { order, paidNow } = await orders.markPaid(tx, orderId, chargeId, at);
    if (paidNow && order.subscriptionId) await subscriptionOrderPaid(billing, tx, order, order.paidAt!);
  };
  return {
    /** Applies the customer's changes, checks them, creates or matches the customer, saves the payment method. */
    confirmCheckout: (checkoutId: string, body: CheckoutConfirm, attempt: number) =>
      because(CONFIRMED, () => asFailure(() => confirmCheckout(flow, checkoutId, body, attempt))),
    /** Charges the total with a key from the workflow; a decline is returned, not thrown. */
    chargeCheckout: (checkoutId: string, attempt: number) =>
      because(CONFIRMED, () => chargeCheckout(flow, checkoutId, attempt)),
    reopenCheckout: (checkoutId: string, reason: string) => reopenCheckout(flow, checkoutId, reason),
    /**
     * Writes the pending order (order.created), starts its workflow, marks the checkout succeeded; with `payNow`, marks
     * the order paid in the same transaction (its workflow then has nothing left to do).
     */
    completeCheckout: (checkoutId: string, chargeId: string | null, payNow = false) =>
      because(CONFIRMED, () => completeCheckout(flow, checkoutId, chargeId, payNow ? payOrder : undefined)),
    /** Cancels at the processor a charge that never settled: 'succeeded' when it went through meanwhile. */
    cancelCheckoutCharge: (checkoutId: string, chargeId: string) => cancelCheckoutCharge(flow, checkoutId, chargeId),
    /** Compensation: refunds the whole charge of a checkout that could not complete (key from the charge). */
    refundCheckoutCharge: (checkoutId: string, chargeId: string) => refundCheckoutCharge(flow, checkoutId, chargeId),
    expireCheckout: (checkoutId: string) =>
      because({ type: 'timer', name: 'checkout expiry' }, () => expireCheckout(flow, checkoutId)),
    failCheckout: (checkoutId: string, reason: string) => failCheckout(flow, checkoutId, reason),
    /** Pending → paid, with order.updated and order.paid; a subscription's first payment then makes it active. */
    markOrderPaid: (orderId: string, chargeId: string | null) =>
      inTransaction(orm, (tx) => payOrder(tx, orderId, chargeId)),
  };
};
