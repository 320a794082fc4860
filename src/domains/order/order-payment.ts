// What becomes of a pending order: paid once (with its events, grants and receipt), a dunning retry scheduled, or
// void when payment will not be collected.
import { LockMode } from '@mikro-orm/core';
import type { Tx } from '../../platform/database/transaction';
import type { OrderNumbers } from './document/order-numbers';
import { emailReceipt } from './order-receipt.email';
import { Order } from './order.entity';
import type { OrderDeps } from './order-deps';
import { readOrderOutput, readOrderOutputs } from './order-outputs';

/** Pending → paid, once: order.updated then order.paid, the grants synced, the receipt e-mailed. Paying a paid order changes nothing. */
export async function markOrderPaid(
  deps: OrderDeps,
  numbers: OrderNumbers,
  tx: Tx,
  orderId: string,
  chargeId: string | null,
  at?: Date,
): Promise<{ order: Order; paidNow: boolean }> {
  const order = await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (order.status !== 'pending') return { order, paidNow: false };
  const now = at ?? deps.clock.now();
  Object.assign(order, { status: 'paid', chargeId, paidAt: now, modifiedAt: now, nextPaymentAttemptAt: null });
  await numbers.assignReceipt(tx, order);
  await tx.em.flush();
  const output = await readOrderOutput(deps, tx.em, order);
  deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', output);
  deps.outbox.enqueueEvent(tx, order.organizationId, 'order.paid', output);
  const source = order.subscriptionId
    ? ({ kind: 'subscription', id: order.subscriptionId } as const)
    : ({ kind: 'order', id: order.id } as const);
  await deps.grants.syncSource(tx, order.organizationId, order.customerId, source, order.productId); // a purchase grants, a renewal cycles
  await emailReceipt(tx, deps, order, output);
  return { order, paidNow: true };
}

/** An unpaid renewal's next dunning retry (order.updated). */
export async function scheduleOrderRetry(
  deps: OrderDeps,
  tx: Tx,
  orderId: string,
  nextAttemptAt: Date | null,
  at: Date,
): Promise<void> {
  const order = await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (order.status !== 'pending' || order.nextPaymentAttemptAt?.getTime() === nextAttemptAt?.getTime()) return;
  Object.assign(order, { nextPaymentAttemptAt: nextAttemptAt, modifiedAt: at });
  await tx.em.flush();
  deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', await readOrderOutput(deps, tx.em, order));
}

/** Payment will not be collected (the subscription ended): every pending order of it becomes `void` (order.updated). */
export async function voidPendingOrders(deps: OrderDeps, tx: Tx, subscriptionId: string, at: Date): Promise<void> {
  const orders = await tx.em.find(
    Order,
    { subscriptionId, status: 'pending' },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!orders.length) return;
  for (const order of orders) Object.assign(order, { status: 'void', nextPaymentAttemptAt: null, modifiedAt: at });
  await tx.em.flush();
  const { organizationId } = orders[0];
  for (const output of await readOrderOutputs(deps, tx.em, organizationId, orders))
    deps.outbox.enqueueEvent(tx, organizationId, 'order.updated', output);
}
