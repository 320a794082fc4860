// Succeeded processor charges made in the range, by what they paid (a paid order; an order or checkout still
// settling; nothing), and the orders paid in the range with no succeeded charge. Two grouped statements.
import type { Tx } from '../../platform/database/transaction';
import type { ChargeGroup, UnchargedOrder } from './reconciliation.logic';
import type { DayRange } from './reconciliation-range';

const CHARGES = `
  select p.currency, k.kind, sum(p.amount)::bigint as amount,
    array_agg(p.id order by p.id) filter (where k.kind in ('without_order', 'void_order'))::text[] as ids
  from payment p
  left join "order" o on o.id = p.order_id
  left join checkout c on c.id = p.checkout_id
  cross join lateral (select case
    when o.status in ('paid', 'partially_refunded', 'refunded') then 'paid_order'
    when o.status in ('pending', 'draft') then 'pending'
    when o.status = 'void' then 'void_order'
    when o.id is null and c.status in ('open', 'confirmed') then 'pending'
    else 'without_order' end as kind) k
  where p.organization_id = ? and p.status = 'succeeded' and p.created_at >= ? and p.created_at < ?
  group by p.currency, k.kind
  order by p.currency, k.kind`;

/** Paid orders with an amount to pay and no succeeded charge naming them (a charge settles the order it names). */
const UNCHARGED = `
  select o.id, o.currency, o.total_amount from "order" o
  where o.organization_id = ? and o.paid_at >= ? and o.paid_at < ? and o.total_amount > 0
    and o.status in ('paid', 'partially_refunded', 'refunded')
    and not exists (select 1 from payment p where p.order_id = o.id and p.status = 'succeeded')
  order by o.id limit 1000`;

export async function readCharges(
  tx: Tx,
  organizationId: string,
  range: DayRange,
): Promise<{ groups: ChargeGroup[]; uncharged: UnchargedOrder[] }> {
  const params = [organizationId, range.start, range.end];
  const groups = await tx.em.execute<
    { currency: string; kind: ChargeGroup['kind']; amount: string; ids: string[] | null }[]
  >(CHARGES, params);
  const uncharged = await tx.em.execute<{ id: string; currency: string; total_amount: number }[]>(UNCHARGED, params);
  return {
    groups: groups.map((g) => ({ currency: g.currency, kind: g.kind, amount: Number(g.amount), ids: g.ids ?? [] })),
    uncharged: uncharged.map((o) => ({ orderId: o.id, currency: o.currency, amount: o.total_amount })),
  };
}
