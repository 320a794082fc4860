// The purchase a seat belongs to (a seat-based subscription or one-time order), as the seat domain reads it through the
// domains that own it: its buyer, product, bought count, whether it entitles anyone now, and its clock.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ResourceNotFound } from '../../kernel/errors';
import { customerById } from '../customer';
import type { SeatDeps } from './seat-deps';
import type { CustomerSeat } from './seat.entity';

export type SeatSourceRef = { kind: 'subscription'; id: string } | { kind: 'order'; id: string };

export interface SeatSource {
  ref: SeatSourceRef;
  organizationId: string;
  customerId: string;
  productId: string | null;
  /** Seats bought; null when the purchase is not seat-based. */
  total: number | null;
  active: boolean;
  testClockId: string | null;
}

type SourceDeps = Pick<SeatDeps, 'subscriptions' | 'orders' | 'orderSource' | 'subscriptionSource'>;

export const refOf = (q: { subscription_id?: string | null; order_id?: string | null }): SeatSourceRef =>
  q.subscription_id ? { kind: 'subscription', id: q.subscription_id } : { kind: 'order', id: q.order_id! };

export const seatRefOf = (seat: Pick<CustomerSeat, 'subscriptionId' | 'orderId'>): SeatSourceRef =>
  seat.subscriptionId ? { kind: 'subscription', id: seat.subscriptionId } : { kind: 'order', id: seat.orderId! };

/** The organization's purchase; with `customerId`, only that customer's (404 otherwise). */
export async function seatSource(
  deps: SourceDeps,
  em: EntityManager,
  organizationId: string,
  ref: SeatSourceRef,
  customerId?: string,
): Promise<SeatSource> {
  const notFound = () => new ResourceNotFound(ref.kind === 'order' ? 'Order not found.' : 'Subscription not found.');
  const reader = ref.kind === 'order' ? deps.orderSource : deps.subscriptionSource;
  const state = await reader.state(em, organizationId, ref.id);
  if (!state || (customerId && state.customerId !== customerId)) throw notFound();
  let total: number | null;
  let testClockId: string | null;
  if (ref.kind === 'subscription') {
    const s = await deps.subscriptions.get(em, organizationId, ref.id);
    // A change to fewer seats (or none) scheduled for the next period counts now: what is assigned must fit after it.
    total = s.seats !== null && s.pendingUpdate ? Math.min(s.seats, s.pendingUpdate.seats ?? 0) : s.seats;
    testClockId = s.testClockId;
  } else {
    const order = await deps.orders.get(em, organizationId, ref.id);
    total = order.seats;
    testClockId = (await customerById(em, organizationId, order.customerId))?.testClockId ?? null;
  }
  return {
    ref,
    organizationId,
    customerId: state.customerId,
    productId: state.productId,
    total,
    active: state.active,
    testClockId,
  };
}

/** Serializes the seat changes of one purchase (assignments and seat-count decreases) until the transaction ends. */
export async function lockSeatsOf(em: EntityManager, sourceId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 36))', [`seats:${sourceId}`]);
}
