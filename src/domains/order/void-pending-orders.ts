// A subscription's pending orders voided when payment will not be collected (order.updated for each).
import { LockMode } from '@mikro-orm/core';
import type { Tx } from '../../platform/database/transaction';
import { Order } from './order.entity';
import type { OrderDeps } from './order-deps';
import { readOrderOutputs } from './order-outputs';

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
