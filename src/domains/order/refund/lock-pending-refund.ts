// A refund's order and the refund locked for its last step, in the order a refund's creation takes them.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Order } from '../order.entity';
import { Refund } from './refund.entity';

/** The order then the refund, locked in the order a refund's creation takes them; `refund` is null unless pending. */
export async function lockPendingRefund(
  em: EntityManager,
  refundId: string,
): Promise<{ order: Order; refund: Refund | null }> {
  const { orderId } = await em.findOneOrFail(Refund, { id: refundId });
  const order = await em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const refund = await em.findOneOrFail(
    Refund,
    { id: refundId },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  return { order, refund: refund.status === 'pending' ? refund : null };
}
