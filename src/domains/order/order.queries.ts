// What the benefit domain reads of orders, through the grant sources: the paid purchases of a product and a
// subscription's latest paid renewal.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Order } from './order.entity';
import { PAID_ORDER_STATUSES } from './order.logic';

export class OrderQueries {
  /** The subscription's latest paid renewal (its cycle key names the period: `<subscription>:<period start>`). */
  lastPaidRenewalOf(em: EntityManager, subscriptionId: string): Promise<Order | null> {
    return em.findOne(
      Order,
      { subscriptionId, billingReason: 'subscription_cycle', status: { $in: [...PAID_ORDER_STATUSES] } },
      { orderBy: { cycleKey: 'desc' } },
    );
  }

  /** One-time purchases of the product that were paid (refunded ones too: a refund revokes only when asked to). */
  purchasesOf(em: EntityManager, organizationId: string, productId: string): Promise<Order[]> {
    return em.find(Order, { organizationId, productId, billingReason: 'purchase', status: { $in: [...PAID_ORDER_STATUSES] } });
  }
}
