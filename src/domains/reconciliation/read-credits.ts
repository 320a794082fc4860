// The meter credit ledger per customer meter up to the range's end: granted, withdrawn, taken by resets, what billing
// consumed of the credits at those resets (from the billed lines), the ledger's sum against the meter's balance, and
// any second reset of one billed period. One statement.
import type { Tx } from '../../platform/database/transaction';
import { BILLED_PERIODS } from './billed-periods';
import type { CreditLedger } from './reconciliation.logic';
import type { DayRange } from './reconciliation-range';

/** The billed period a reset's ledger row closed, from its key (`reset:<customer meter>:<period end>`). */
const RESET_END = `substring(c.key from '^reset:[0-9a-f-]{36}:([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z)')`;

const CREDITS = `${BILLED_PERIODS},
  ledger as (
    select c.customer_id, c.meter_id,
      coalesce(sum(c.units) filter (where c.grant_id is not null and c.units > 0 and c.created_at < ?), 0) as granted,
      coalesce(-sum(c.units) filter (where c.grant_id is not null and c.units < 0 and c.created_at < ?), 0) as withdrawn,
      coalesce(-sum(c.units) filter (where c.grant_id is null and c.created_at < ?), 0) as reset_out,
      sum(c.units) as ledger
    from meter_credit c where c.organization_id = ? group by c.customer_id, c.meter_id
  ), reset as (
    select c.id, c.customer_id, c.meter_id,
      row_number() over (partition by c.customer_id, c.meter_id, ${RESET_END} order by c.seq) as nth
    from meter_credit c where c.organization_id = ? and c.grant_id is null
  ), consumed as (
    select p.customer_id, p.meter_id, sum(p.credit_used) as units
    from period p where p.period_end < ? group by p.customer_id, p.meter_id
  )
  select cm.id, cm.customer_id, cm.meter_id, l.granted, l.withdrawn, l.reset_out, l.ledger,
    cm.credited_units as balance, coalesce(u.units, 0) as consumed,
    array(select r.id from reset r where r.customer_id = cm.customer_id and r.meter_id = cm.meter_id and r.nth > 1
      order by r.id)::text[] as duplicates
  from customer_meter cm
  join ledger l on l.customer_id = cm.customer_id and l.meter_id = cm.meter_id
  left join consumed u on u.customer_id = cm.customer_id and u.meter_id = cm.meter_id
  where cm.organization_id = ?
  order by cm.id`;

export async function readCredits(tx: Tx, organizationId: string, range: DayRange): Promise<CreditLedger[]> {
  const rows = await tx.em.execute<
    {
      id: string;
      customer_id: string;
      meter_id: string;
      granted: string;
      withdrawn: string;
      reset_out: string;
      ledger: string;
      balance: string;
      consumed: string;
      duplicates: string[];
    }[]
  >(CREDITS, [
    organizationId,
    range.end,
    range.end,
    range.end,
    organizationId,
    organizationId,
    range.end,
    organizationId,
  ]);
  return rows.map((r) => ({
    customerMeterId: r.id,
    customerId: r.customer_id,
    meterId: r.meter_id,
    granted: Number(r.granted),
    withdrawn: Number(r.withdrawn),
    resetOut: Number(r.reset_out),
    consumed: Number(r.consumed),
    ledger: Number(r.ledger),
    balance: Number(r.balance),
    duplicateResetIds: r.duplicates,
  }));
}
