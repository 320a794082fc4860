// An unpaid renewal's next dunning retry, recorded on its order (order.updated).
import { LockMode } from '@mikro-orm/core';
import type { Tx } from '../../platform/database/transaction';
import { Order } from './order.entity';
import type { OrderDeps } from './order-deps';
import { readOrderOutput } from './order-outputs';

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
