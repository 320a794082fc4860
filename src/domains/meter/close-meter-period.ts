// A period that ends on a customer's meter: its usage read up to the renewal's ingestion cut-off, then the reset that
// starts the next one, in the renewal's transaction.
import type { CustomerScope, MeterDefinition } from '../../adapters/events/event-store';
import type { UsageReader } from '../../adapters/events/usage-reader';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import { rolloverCarry } from './customer-meter.logic';
import { rolloverUnits } from './meter-credit-ledger';
import { baselineOf, lockOrCreate } from './customer-meter-row';

/** A period that ends: the customer's usage on the meter from `from` to `end`, as ingested up to the cut-off `seq`. */
export interface ClosingPeriod {
  organizationId: string;
  customer: CustomerScope;
  meter: MeterDefinition;
  /** The subscription's start: nothing before it is billed. */
  from: Date;
  /** The start of the period that ends: where a meter billed for the first time starts counting. */
  periodStart: Date;
  end: Date;
  seq: string;
  /** The customer's time, for the records. */
  at: Date;
}

/**
 * Closes the period on the customer's meter: returns the units consumed since the last reset and those credited,
 * then resets it — the consumed baseline moves to (end, cut-off), and the credits come down to what rolls over
 * (a ledger row without a grant, so the ledger still sums to the credited units).
 */
export async function closePeriod(
  usage: UsageReader,
  tx: Tx,
  period: ClosingPeriod,
): Promise<{ consumed: string; credited: number }> {
  const row = await lockOrCreate(tx, period.organizationId, period.customer.customerId, period.meter.id, period.at);
  const since = baselineOf(row);
  const consumed = await usage.billedUsage(tx.em, period.organizationId, period.meter, period.customer, {
    // A meter first billed now (a new subscription, or a plan that gained it) counts from the period's start.
    from: since ? period.from : period.periodStart,
    end: period.end,
    seq: period.seq,
    since,
  });
  const credited = Number(row.credited_units);
  const carry = rolloverCarry(credited, consumed, await rolloverUnits(tx, period.customer.customerId, period.meter.id));
  // Keyed by the meter and the period's end: a meter two subscriptions bill is reset once; the second one, billing what
  // was ingested between the two cut-offs, moves the baseline up to its own cut-off.
  const reset = await tx.em.execute<{ id: string }[]>(
    `insert into meter_credit (id, organization_id, customer_id, meter_id, grant_id, units, rollover, key, created_at)
     values (?, ?, ?, ?, null, ?, ?, ?, ?) on conflict (key) do nothing returning id`,
    [
      newId(),
      period.organizationId,
      period.customer.customerId,
      period.meter.id,
      carry - credited,
      carry > 0,
      `reset:${row.id}:${period.end.toISOString()}`,
      period.at,
    ],
  );
  if (reset.length) {
    await tx.em.execute(
      'update customer_meter set credited_units = ?, consumed_units = 0, reset_period_end = ?, reset_seq = ?::bigint, modified_at = ? where id = ?',
      [carry, period.end, period.seq, period.at, row.id],
    );
  } else {
    await tx.em.execute(
      'update customer_meter set reset_seq = greatest(reset_seq, ?::bigint) where id = ? and reset_period_end = ?',
      [period.seq, row.id, period.end],
    );
  }
  return { consumed, credited };
}
