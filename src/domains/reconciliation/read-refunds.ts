// Succeeded refunds made in the range against the credit notes issued for them, and the orders they refunded against
// the refunded amount each order keeps. Two grouped statements.
import type { Tx } from '../../platform/database/transaction';
import type { RefundedOrder, RefundGroup } from './reconciliation.logic';
import type { DayRange } from './reconciliation-range';

const REFUNDS = `
  select r.currency, sum(r.amount + r.tax_amount)::bigint as refunded,
    coalesce(sum(r.amount + r.tax_amount) filter (where r.credit_note_number is not null), 0)::bigint as credit_noted,
    coalesce(array_agg(r.id order by r.id) filter (where r.credit_note_number is null), '{}')::text[] as missing
  from refund r
  where r.organization_id = ? and r.status = 'succeeded' and r.created_at >= ? and r.created_at < ?
  group by r.currency order by r.currency`;

/** Each order refunded in the range: its succeeded refunds (net of tax) beside the amount it says was refunded. */
const ORDERS = `
  select o.id, o.refunded_amount,
    (select coalesce(sum(x.amount), 0) from refund x where x.order_id = o.id and x.status = 'succeeded')::bigint as refunds
  from "order" o
  where o.id in (select r.order_id from refund r
    where r.organization_id = ? and r.status = 'succeeded' and r.created_at >= ? and r.created_at < ?)
  order by o.id`;

export async function readRefunds(
  tx: Tx,
  organizationId: string,
  range: DayRange,
): Promise<{ groups: RefundGroup[]; orders: RefundedOrder[] }> {
  const params = [organizationId, range.start, range.end];
  const groups = await tx.em.execute<{ currency: string; refunded: string; credit_noted: string; missing: string[] }[]>(
    REFUNDS,
    params,
  );
  const orders = await tx.em.execute<{ id: string; refunded_amount: number; refunds: string }[]>(ORDERS, params);
  return {
    groups: groups.map((g) => ({
      currency: g.currency,
      refunded: Number(g.refunded),
      creditNoted: Number(g.credit_noted),
      withoutCreditNote: g.missing,
    })),
    orders: orders.map((o) => ({ orderId: o.id, refunds: Number(o.refunds), refundedAmount: o.refunded_amount })),
  };
}
