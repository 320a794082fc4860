// A pending order paid, once: its events, its grants and its receipt (schedule-order-retry.ts and
// void-pending-orders.ts: what else becomes of a pending order).
import { LockMode } from '@mikro-orm/core';
import type { Tx } from '../../platform/database/transaction';
import type { OrderNumbers } from './document/order-numbers';
import { emailReceipt } from './email-receipt';
import { Order } from './order.entity';
import type { OrderDeps } from './order-deps';
import { readOrderOutput } from './order-outputs';
import { writtenIn, type OrderPaymentReads } from './written-orders';

export type { OrderPaymentReads };

/** Pending → paid, once: order.updated then order.paid, the grants synced, the receipt e-mailed. Paying a paid order changes nothing. */
export async function markOrderPaid(
  deps: OrderDeps,
  numbers: OrderNumbers,
  tx: Tx,
  orderId: string,
  chargeId: string | null,
  at?: Date,
  known: OrderPaymentReads = {},
): Promise<{ order: Order; paidNow: boolean }> {
  // An order written in this transaction is paid with what writing it read (a checkout paid on completion).
  const written = writtenIn(tx.em, orderId);
  if (written) known = { ...written.reads, ...known };
  const order =
    written?.order ?? (await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE }));
  if (order.status !== 'pending') return { order, paidNow: false };
  const now = at ?? deps.clock.now();
  Object.assign(order, { status: 'paid', chargeId, paidAt: now, modifiedAt: now, nextPaymentAttemptAt: null });
  await numbers.assignReceipt(tx, order, known.customerShortId);
  await tx.em.flush();
  const output = await readOrderOutput(deps, tx.em, order, known);
  deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', output);
  deps.outbox.enqueueEvent(tx, order.organizationId, 'order.paid', output);
  const source = order.subscriptionId
    ? ({ kind: 'subscription', id: order.subscriptionId } as const)
    : ({ kind: 'order', id: order.id } as const);
  await deps.grants.syncSource(tx, order.organizationId, order.customerId, source, order.productId); // a purchase grants, a renewal cycles
  await emailReceipt(tx, deps, order, output, known.organizationName);
  return { order, paidNow: true };
}
