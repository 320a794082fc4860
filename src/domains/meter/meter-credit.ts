// Credits on a customer's meter (from meter-credit benefit grants, and the reset of a billed period): a ledger row per
// credit, once per key, and the customer meter's credited total moved in the same transaction, so the ledger always
// sums to `credited_units`. A reset's row has no grant: it brings the total down to what rolls over.
import type { Tx } from '../../platform/database/transaction';
import { newId } from '../../kernel/ids';

export interface MeterCreditEntry {
  organizationId: string;
  customerId: string;
  meterId: string;
  /** Null for a reset's own adjustment. */
  grantId: string | null;
  /** Negative to withdraw an earlier credit. */
  units: number;
  rollover: boolean;
  /** Makes the credit once, however often the step that writes it runs. */
  key: string;
  at: Date;
}

/** Writes the credit unless one with its key exists; true when it was written now. */
export async function creditMeter(tx: Tx, entry: MeterCreditEntry): Promise<boolean> {
  const inserted = await tx.em.execute<{ id: string }[]>(
    `insert into meter_credit (id, organization_id, customer_id, meter_id, grant_id, units, rollover, key, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (key) do nothing returning id`,
    [
      newId(),
      entry.organizationId,
      entry.customerId,
      entry.meterId,
      entry.grantId,
      entry.units,
      entry.rollover,
      entry.key,
      entry.at,
    ],
  );
  if (!inserted.length) return false;
  await tx.em.execute(
    `insert into customer_meter (id, organization_id, customer_id, meter_id, consumed_units, credited_units, created_at, modified_at)
     values (?, ?, ?, ?, 0, ?, ?, null)
     on conflict (customer_id, meter_id) do update set credited_units = customer_meter.credited_units + excluded.credited_units, modified_at = excluded.created_at`,
    [newId(), entry.organizationId, entry.customerId, entry.meterId, entry.units, entry.at],
  );
  return true;
}

/** How many credits a grant has written (numbers its next credit's key). */
export async function creditCount(tx: Tx, grantId: string): Promise<number> {
  const [row] = await tx.em.execute<{ count: string }[]>(
    'select count(*) as count from meter_credit where grant_id = ?',
    [grantId],
  );
  return Number(row.count);
}

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
