// The completion step: the session `succeeded`, a recurring product's subscription started, the order written.
import type { Tx } from '../../platform/database/transaction';
import type { Order } from '../order';
import { checkoutOrder, summaryOf } from './checkout-order';
import { subscriptionOf } from './checkout-subscription';
import { transition } from './checkout-status-change';
import type { FlowDeps, OrderPayment } from './flow-deps';

/**
 * Payment done (or none due): the checkout `succeeded`, a recurring product's subscription starts, and the pending
 * order is written with its workflow started — except during a trial, which is billed when it ends. With `payOrder`
 * the order is marked paid in the same transaction, its events after the checkout's (as when its workflow did it).
 */
export async function completeCheckout(
  deps: FlowDeps,
  checkoutId: string,
  chargeId: string | null,
  payOrder?: OrderPayment,
): Promise<void> {
  let written: Order | null = null;
  let paidAt: Date | undefined;
  const paid = async (tx: Tx) => {
    if (written && payOrder) await payOrder(tx, written.id, chargeId, paidAt);
  };
  await transition(
    deps,
    checkoutId,
    'confirmed',
    async (tx, checkout) => {
      const [product] = await deps.checkouts.products(tx.em, checkout.organizationId, [checkout.productId]);
      // The purchase happened at confirmation: a test clock may have moved on while the payment went through.
      const at = checkout.confirmedAt ?? (await deps.checkouts.now(tx.em, checkout));
      if (checkout.testClockId) paidAt = await deps.checkouts.now(tx.em, checkout);
      const subscription = product.is_recurring
        ? await deps.subscriptions.createFromCheckout(tx, subscriptionOf(deps, checkout, product, at))
        : null;
      // The session's changes are set after the order's writes, so that they go out in one UPDATE with the rest.
      const order = checkout.trialEnd
        ? null
        : await deps.orders.create(tx, checkoutOrder(checkout, product, subscription?.id ?? null, at), {
            products: [summaryOf(product)],
            prices: product.prices,
            fresh: true, // the session's order is written only as it leaves `confirmed`, which it has not (it is locked)
          });
      checkout.status = 'succeeded';
      checkout.subscriptionId = subscription?.id ?? null;
      if (!order) return;
      checkout.orderId = order.id;
      written = order;
      if (chargeId) await deps.payments.link(tx, chargeId, { orderId: order.id, customerId: order.customerId });
      deps.orders.startFlow(tx, order, chargeId, Boolean(payOrder));
    },
    paid,
  );
}
