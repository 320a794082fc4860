// The completion step: the session `succeeded`, a recurring product's subscription started, the order written.
import type { Product as ProductOutput } from '../../contracts/product';
import type { Tx } from '../../platform/database/transaction';
import type { Order } from '../order';
import type { NewSubscription } from '../subscription';
import type { Checkout } from './checkout.entity';
import { transition, type FlowDeps, type OrderPayment } from './flow-deps';

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
  const paid = async (tx: Tx) => {
    if (written && payOrder) await payOrder(tx, written.id, chargeId);
  };
  await transition(
    deps,
    checkoutId,
    'confirmed',
    async (tx, checkout) => {
      const [product] = await deps.checkouts.products(tx.em, checkout.organizationId, [checkout.productId]);
      // The purchase happened at confirmation: a test clock may have moved on while the payment went through.
      const at = checkout.confirmedAt ?? (await deps.checkouts.now(tx.em, checkout));
      const subscription = product.is_recurring
        ? await deps.subscriptions.createFromCheckout(tx, subscriptionOf(deps, checkout, product, at))
        : null;
      checkout.status = 'succeeded';
      checkout.subscriptionId = subscription?.id ?? null;
      if (checkout.trialEnd) return;
      const order = await deps.orders.create(tx, {
        organizationId: checkout.organizationId,
        billingReason: subscription ? 'subscription_create' : 'purchase',
        checkoutId: checkout.id,
        subscriptionId: subscription?.id ?? null,
        customerId: checkout.customerId!,
        productId: checkout.productId,
        productPriceId: checkout.productPriceId,
        discountId: checkout.discountId,
        currency: checkout.currency,
        items: [
          {
            label: product.name,
            amount: checkout.amount,
            productPriceId: checkout.productPriceId,
            taxAmount: checkout.taxAmount ?? 0,
          },
        ],
        discountAmount: checkout.discountAmount,
        netAmount: checkout.netAmount,
        taxAmount: checkout.taxAmount ?? 0,
        billingName: checkout.customerBillingName,
        billingAddress: checkout.customerBillingAddress,
        tax: { behavior: checkout.taxBehavior ?? 'exclusive', isBusiness: checkout.isBusinessCustomer },
        seats: checkout.seats,
        metadata: checkout.metadata,
        customFieldData: checkout.customFieldData,
        description: product.name,
        at,
      });
      checkout.orderId = order.id;
      written = order;
      deps.orders.startFlow(tx, order, chargeId, Boolean(payOrder));
    },
    paid,
  );
}

function subscriptionOf(deps: FlowDeps, checkout: Checkout, product: ProductOutput, at: Date): NewSubscription {
  return {
    organizationId: checkout.organizationId,
    checkoutId: checkout.id,
    customerId: checkout.customerId!,
    productId: checkout.productId,
    priceId: checkout.productPriceId,
    priceAmount: checkout.amount,
    amount: checkout.amount - checkout.discountAmount,
    currency: checkout.currency,
    recurringInterval: product.recurring_interval!,
    recurringIntervalCount: product.recurring_interval_count ?? 1,
    seats: checkout.seats,
    discountId: checkout.discountId,
    trialEnd: checkout.trialEnd,
    billingName: checkout.customerBillingName,
    billingAddress: checkout.customerBillingAddress,
    taxId: deps.checkouts.checkedTaxId(checkout),
    isBusiness: checkout.isBusinessCustomer,
    taxBehavior: checkout.taxBehavior ?? 'exclusive',
    processorCustomerId: checkout.processorCustomerId,
    paymentMethodToken: checkout.paymentMethodToken,
    testClockId: checkout.testClockId,
    metadata: checkout.metadata,
    customFieldData: checkout.customFieldData,
    at,
  };
}
