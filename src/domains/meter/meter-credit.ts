// Credits on a customer's meter (from meter-credit benefit grants, and the reset of a billed period): a ledger row per
// credit, once per key, and the customer meter's credited total moved in the same transaction, so the ledger always
// sums to `credited_units`. A reset's row has no grant: it brings the total down to what rolls over. What the ledger
// still adds up to is read in meter-credit-ledger.ts.
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
