// Benefit grants against their sources: one-time purchases paid in the range and subscriptions with an order paid in
// the range, each benefit of the source's product (and each grant of a benefit no longer on it) with the grant found
// and whether the source entitles its customer to it now. One statement. Seat-based sources are left out: their
// grants go to the seats' holders.
import type { Tx } from '../../platform/database/transaction';
import type { Entitlement } from './reconciliation.logic';
import type { DayRange } from './reconciliation-range';

const ENTITLEMENTS = `
  with source as (
    select 'order' as kind, o.id, o.customer_id, o.product_id,
      not o.dispute_revoked_benefits and not exists (select 1 from refund r
        where r.order_id = o.id and r.status = 'succeeded' and r.revoke_benefits) as entitled
    from "order" o
    where o.organization_id = ? and o.billing_reason = 'purchase' and o.seats is null
      and o.status in ('paid', 'partially_refunded', 'refunded') and o.paid_at >= ? and o.paid_at < ?
    union all
    select 'subscription', s.id, s.customer_id, s.product_id,
      s.status in ('trialing', 'active', 'past_due') or (s.status = 'paused' and s.pause_keeps_benefits)
    from subscription s
    where s.seats is null and s.id in (select o.subscription_id from "order" o where o.organization_id = ?
      and o.status in ('paid', 'partially_refunded', 'refunded') and o.paid_at >= ? and o.paid_at < ?)
  ), wanted as (
    select src.kind, src.id, src.customer_id, b.id as benefit_id, src.entitled
    from source src join product p on p.id = src.product_id
    cross join lateral unnest(p.benefit_ids) as pb(benefit_id)
    join benefit b on b.id = pb.benefit_id and b.deleted_at is null
  )
  select w.kind, w.id, w.benefit_id, w.entitled, g.id as grant_id,
    g.granted_at is not null as granted, g.revoked_at is not null as revoked
  from wanted w
  left join benefit_grant g on g.customer_id = w.customer_id and g.benefit_id = w.benefit_id and g.seat_id is null
    and coalesce(g.order_id, g.subscription_id) = w.id
  union all
  select src.kind, src.id, g.benefit_id, false, g.id, g.granted_at is not null, g.revoked_at is not null
  from source src join benefit_grant g on g.customer_id = src.customer_id and g.seat_id is null
    and coalesce(g.order_id, g.subscription_id) = src.id
  where not exists (select 1 from wanted w where w.id = src.id and w.benefit_id = g.benefit_id)
  order by 2, 3`;

export async function readBenefits(tx: Tx, organizationId: string, range: DayRange): Promise<Entitlement[]> {
  const window = [organizationId, range.start, range.end];
  const rows = await tx.em.execute<
    {
      kind: 'order' | 'subscription';
      id: string;
      benefit_id: string;
      entitled: boolean;
      grant_id: string | null;
      granted: boolean | null;
      revoked: boolean | null;
    }[]
  >(ENTITLEMENTS, [...window, ...window]);
  return rows.map((r) => ({
    source: r.kind,
    sourceId: r.id,
    benefitId: r.benefit_id,
    entitled: r.entitled,
    grantId: r.grant_id,
    granted: Boolean(r.granted),
    revoked: Boolean(r.revoked),
  }));
}
