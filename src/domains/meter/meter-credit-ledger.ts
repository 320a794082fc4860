// The credit ledger of a customer's meter read back: what a grant's credits still add up to since the last reset, and
// what could roll over at the next.
import type { Tx } from '../../platform/database/transaction';

/** The ledger's rows up to the last reset of a customer's meter: those after it are the current period's. */
const SINCE_LAST_RESET = `c.seq > coalesce((select max(r.seq) from meter_credit r
  where r.customer_id = c.customer_id and r.meter_id = c.meter_id and r.grant_id is null), 0)`;

/**
 * What a grant's credits still add up to, per meter (what it gave, less what was withdrawn) since the meter was last
 * reset: a reset already took back what was left of them, keeping only what rolls over.
 */
export async function outstandingCredit(tx: Tx, grantId: string): Promise<{ meterId: string; units: number }[]> {
  const rows = await tx.em.execute<{ meter_id: string; units: string }[]>(
    `select c.meter_id, sum(c.units) as units from meter_credit c where c.grant_id = ? and ${SINCE_LAST_RESET} group by c.meter_id`,
    [grantId],
  );
  return rows.map((row) => ({ meterId: row.meter_id, units: Number(row.units) }));
}

/**
 * What could roll over at a reset: the units credited by rollover grants since the last reset, plus what the last
 * reset itself carried (carried credits keep rolling while they are not used).
 */
export async function rolloverUnits(tx: Tx, customerId: string, meterId: string): Promise<number> {
  const [row] = await tx.em.execute<{ carried: string | null; credited: string | null }[]>(
    `with last as (select max(seq) as seq from meter_credit where customer_id = ? and meter_id = ? and grant_id is null)
     select (select sum(units) from meter_credit c, last where c.customer_id = ? and c.meter_id = ? and c.seq <= last.seq) as carried,
       (select sum(units) from meter_credit c, last where c.customer_id = ? and c.meter_id = ? and c.seq > coalesce(last.seq, 0)
         and c.grant_id is not null and c.rollover and c.units > 0) as credited`,
    [customerId, meterId, customerId, meterId, customerId, meterId],
  );
  return Number(row.carried ?? 0) + Number(row.credited ?? 0);
}
