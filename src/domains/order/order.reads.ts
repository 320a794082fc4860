// What other domains read of orders without an order service: they never query the order table themselves.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Order } from './order.entity';
import { PAID_ORDER_STATUSES } from './order.logic';

/** The order's subscription (null for a one-time purchase), or undefined when no order has this id. */
export async function subscriptionOfOrder(em: EntityManager, orderId: string): Promise<string | null | undefined> {
  const [row] = await em.execute<{ subscription_id: string | null }[]>(
    'select subscription_id from "order" where id = ?',
    [orderId],
  );
  return row ? row.subscription_id : undefined;
}

/** The cycle key (`<subscription>:<period start>`) of the subscription's latest paid renewal, if one was paid. */
export async function lastPaidCycleOf(em: EntityManager, subscriptionId: string): Promise<string | null> {
  const renewal = await em.findOne(
    Order,
    { subscriptionId, billingReason: 'subscription_cycle', status: { $in: [...PAID_ORDER_STATUSES] } },
    { orderBy: { cycleKey: 'desc' } },
  );
  return renewal?.cycleKey ?? null;
}
