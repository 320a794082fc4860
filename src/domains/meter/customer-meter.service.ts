// Customer meters as billing sees them: the usage of a period that ends (read up to the renewal's ingestion cut-off)
// and the reset that starts the next one, in the renewal's transaction; and the usage so far, for the reads.
import type { CustomerScope, MeterDefinition } from '../../adapters/events/event-store';
import type { UsageBaseline, UsageReader } from '../../adapters/events/usage-reader';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import { rolloverCarry } from './customer-meter.logic';
import { rolloverUnits } from './meter-credit';

interface MeterRow {
  id: string;
  credited_units: string;
  reset_period_end: Date | null;
  reset_seq: string | null;
}

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

export const baselineOf = (row: { reset_period_end: Date | null; reset_seq: string | null }): UsageBaseline | null =>
  row.reset_period_end && row.reset_seq !== null
    ? { end: new Date(row.reset_period_end), seq: String(row.reset_seq) }
    : null;

export class CustomerMeterService {
  constructor(private readonly usage: UsageReader) {}

  /** A renewal's ingestion cut-off, read in its own short transaction before the renewal's (see usage-reader.ts). */
  cutOff(orm: MikroORM, organizationId: string): Promise<string> {
    return this.usage.cutOff(orm, organizationId);
  }

  /**
   * Closes the period on the customer's meter: returns the units consumed since the last reset and those credited,
   * then resets it — the consumed baseline moves to (end, cut-off), and the credits come down to what rolls over
   * (a ledger row without a grant, so the ledger still sums to the credited units).
   */
  async closePeriod(tx: Tx, period: ClosingPeriod): Promise<{ consumed: string; credited: number }> {
    const row = await this.lockOrCreate(
      tx,
      period.organizationId,
      period.customer.customerId,
      period.meter.id,
      period.at,
    );
    const since = baselineOf(row);
    const consumed = await this.usage.billedUsage(tx.em, period.organizationId, period.meter, period.customer, {
      // A meter first billed now (a new subscription, or a plan that gained it) counts from the period's start.
      from: since ? period.from : period.periodStart,
      end: period.end,
      seq: period.seq,
      since,
    });
    const credited = Number(row.credited_units);
    const carry = rolloverCarry(
      credited,
      consumed,
      await rolloverUnits(tx, period.customer.customerId, period.meter.id),
    );
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

  /** The units consumed on a meter since its last reset (and from `from`), as of now. */
  consumedSince(
    em: EntityManager,
    organizationId: string,
    meter: MeterDefinition,
    customer: CustomerScope,
    since: UsageBaseline | null,
    from: Date | null = null,
  ): Promise<string> {
    return this.usage.currentUsage(em, organizationId, meter, customer, since, from);
  }

  private async lockOrCreate(
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
}
