// The seat domain's rule for benefits (the benefit domain's `seat` grant source): a seat entitles its member while it
// is claimed and its purchase (subscription or order) entitles; the purchase's reader says the rest (product, period,
// clock). Grants of a seat are the billing customer's, held by the seat's member.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GrantSourceReader, SeatGrantSourceReader } from '../benefit';
import { CustomerSeat } from './seat.entity';
import { seatRefOf } from './seat-source';

export function seatGrantSource(order: GrantSourceReader, subscription: GrantSourceReader): SeatGrantSourceReader {
  return {
    async state(em, organizationId, id) {
      const seat = await em.findOne(CustomerSeat, { id, organizationId });
      if (!seat) return null;
      const source = seat.subscriptionId
        ? await subscription.state(em, organizationId, seat.subscriptionId)
        : await order.state(em, organizationId, seat.orderId!);
      if (!source) return null;
      return {
        ...source,
        customerId: seat.customerId,
        active: source.active && seat.status === 'claimed',
        memberId: seat.memberId,
        purchase: seatRefOf(seat),
      };
    },
    async holders(em, organizationId, productId) {
      const subscriptions = await subscription.holders(em, organizationId, productId);
      const orders = await order.holders(em, organizationId, productId);
      if (!subscriptions.length && !orders.length) return [];
      const seats = await em.find(
        CustomerSeat,
        {
          organizationId,
          status: 'claimed',
          $or: [
            { subscriptionId: { $in: subscriptions.map((s) => s.id) } },
            { orderId: { $in: orders.map((o) => o.id) } },
          ],
        },
        { orderBy: { id: 'asc' } },
      ); // the fan-out pages through them by offset
      return seats.map((seat) => ({ customerId: seat.customerId, id: seat.id }));
    },
    seatsOf: (em, source) => claimedSeatsOf(em, source),
  };
}

/** The claimed seats of a purchase (their grants follow it when it changes). */
export async function claimedSeatsOf(
  em: EntityManager,
  source: { kind: 'order' | 'subscription'; id: string },
): Promise<string[]> {
  const where = source.kind === 'order' ? { orderId: source.id } : { subscriptionId: source.id };
  return (await em.find(CustomerSeat, { ...where, status: 'claimed' }, { fields: ['id'] })).map((s) => s.id);
}
