// A customer's meter row as billing reads it: locked (created first if need be), and the usage baseline its last reset
// left.
import type { UsageBaseline } from '../../adapters/events/usage-reader';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';

export interface MeterRow {
  id: string;
  credited_units: string;
  reset_period_end: Date | null;
  reset_seq: string | null;
}

export const baselineOf = (row: { reset_period_end: Date | null; reset_seq: string | null }): UsageBaseline | null =>
  row.reset_period_end && row.reset_seq !== null
    ? { end: new Date(row.reset_period_end), seq: String(row.reset_seq) }
    : null;

/** The customer's meter row, locked for the transaction; made first if the customer has none on the meter. */
export async function lockOrCreate(
  tx: Tx,
  organizationId: string,
  customerId: string,
  meterId: string,
  at: Date,
): Promise<MeterRow> {
  await tx.em.execute(
    `insert into customer_meter (id, organization_id, customer_id, meter_id, consumed_units, credited_units, created_at)
     values (?, ?, ?, ?, 0, 0, ?) on conflict (customer_id, meter_id) do nothing`,
    [newId(), organizationId, customerId, meterId, at],
  );
  const [row] = await tx.em.execute<MeterRow[]>(
    'select id, credited_units, reset_period_end, reset_seq from customer_meter where customer_id = ? and meter_id = ? for update',
    [customerId, meterId],
  );
  return row;
}
