// The renewal step: the period ending at `periodEnd` is over, the next one starts, and its pending order is written.
import { inTransaction, type Tx } from '../../platform/database/transaction';
import { productSummary } from '../catalog';
import type { Order, OrderPaymentReads } from '../order';
import { lockSubscription, type BillingDeps } from './billing-deps';
import { currentDiscount } from './current-discount';
import { closeMeteredPeriod } from './metered-usage';
import { meteredPricesIn } from './metered-line.logic';
import { enterPeriod, productOf, renewalOf } from './next-renewal';
import { orderSubscriptionOutput } from './order-subscription.output';
import type { Subscription } from './subscription.entity';
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
  const { orderId, totalAmount } = await renewPeriod(deps, subscriptionId, periodEnd, at);
  return { orderId, totalAmount };
}

/** What the renewal wrote and read, for its charge and payment (none when the period had been renewed already). */
export interface RenewalReads {
  order: Order;
  subscription: Subscription;
  orderReads: OrderPaymentReads;
}

/** A product with metered prices needs the ingestion cut-off, taken before the billing transaction: it starts again. */
class CutOffNeeded extends Error {
  constructor(readonly organizationId: string) {
    super('The renewal bills metered usage: the ingestion cut-off is taken first.');
  }
}

/**
 * The renewal with what it read. The metered-price check reads the product in the billing transaction; only a product
 * with metered prices sends it back to take the ingestion cut-off first (`metered-cut-off.ts`).
 */
export async function renewPeriod(
  deps: BillingDeps,
  subscriptionId: string,
  periodEnd: string,
  at: string,
): Promise<{ orderId: string; totalAmount: number; reads?: RenewalReads }> {
  let cutOff: string | null = null;
  for (;;) {
    try {
      return await inTransaction(deps.orm, (tx) => renewIn(deps, tx, subscriptionId, periodEnd, at, cutOff));
    } catch (error) {
      if (!(error instanceof CutOffNeeded) || cutOff !== null) throw error;
      cutOff = await deps.customerMeters.cutOff(deps.orm, error.organizationId);
    }
  }
}

async function renewIn(
  deps: BillingDeps,
  tx: Tx,
  subscriptionId: string,
  periodEnd: string,
  at: string,
  cutOff: string | null,
): Promise<{ orderId: string; totalAmount: number; reads?: RenewalReads }> {
  const s = await lockSubscription(tx, subscriptionId);
  const cycleKey = `${s.id}:${periodEnd}`;
  const start = new Date(periodEnd);
  if (s.currentPeriodStart.getTime() >= start.getTime()) {
    const order = (await deps.orders.findByCycleKey(tx.em, cycleKey))!;
    return { orderId: order.id, totalAmount: order.totalAmount };
  }
  // The product (of the period that ended) and the customer, read once for the usage, the order and the events.
  const [productRow] = await deps.products.findByIds(tx.em, s.organizationId, [s.productId]);
  const [product = null] = productRow ? await deps.products.outputs(tx.em, [productRow]) : [];
  if (cutOff === null && meteredPricesIn(product?.prices ?? [], s.currency).length)
    throw new CutOffNeeded(s.organizationId);
  const [customer] = await deps.customers.outputs(tx.em, s.organizationId, [s.customerId]);
  const metered = await closeMeteredPeriod(deps, tx, s, start, cutOff, new Date(at), product);
  const renewal = await renewalOf(
    s,
    start,
    {
      product: async (id) => (product?.id === id ? product : productOf(deps, tx.em, s.organizationId, id)),
      discount: () => currentDiscount(deps, tx.em, s, start),
    },
    metered,
  );
  enterPeriod(s, start, renewal);
  s.modifiedAt = new Date(at);
  const orderReads = {
    customers: customer ? [customer] : [],
    products: productRow ? [productSummary(productRow)] : [],
    prices: product?.prices ?? [],
  };
  const order = await deps.orders.create(
    tx,
    subscriptionOrder(deps.seller, s, renewal.bill(cycleKey, new Date(at))),
    { ...orderReads, subscriptions: [orderSubscriptionOutput(s)], fresh: true }, // the locked cycle was not renewed
  );
  // A new period began (after a trial too: `status` tells them apart), whatever its payment does next.
  await deps.subscriptions.announce(tx, s, ['subscription.cycled', 'subscription.updated'], {
    customers: orderReads.customers,
    products: product ? [product] : [],
  });
  // The payment reuses the order's items, customer short ID and organization name as written (they do not change).
  const paymentReads = { ...orderReads, ...deps.orders.writtenReads(tx, order.id) };
  return {
    orderId: order.id,
    totalAmount: order.totalAmount,
    reads: { order, subscription: s, orderReads: paymentReads },
  };
}
