// The events store port: where usage events are written and what is read back from them — events themselves, meter
// quantities over time, and the usage a customer's meter billed. PostgreSQL implements it (`postgres-event-store.ts`);
// a column store can replace it behind these interfaces (see the README's "Events at scale").
import type { Tx } from '../../platform/database/transaction';
import type { UsageReader } from './usage-reader';
import type { EventReader } from './event-reader';
import type { QuantityReader } from './quantity-reader';
import type { MeterRollups } from './meter-rollups';
import type { NewEvent } from './event-model';

export type { CustomerScope, EventSource, MeterDefinition, NewEvent, StoredEvent } from './event-model';

export interface EventWriter {
  /**
   * Writes a batch in the caller's transaction: events whose external id the organization already has (or that repeat
   * one earlier in the batch) are counted as duplicates; the others are stored, counted by their event type and added
   * to the rollups of the organization's live meters (read once the batch holds the ingestion lock: `begin` first).
   */
  append(
    tx: Tx,
    organizationId: string,
    events: NewEvent[],
    at: Date,
  ): Promise<{ inserted: number; duplicates: number }>;
  /**
   * Orders a batch against billing cut-offs and customers being attached: called before the batch resolves its
   * customers, so a customer given an external id either sees the batch's events or is seen by the batch.
   */
  begin(tx: Tx, organizationId: string): Promise<void>;
  /** A customer now has this external id: its earlier events are attached to it (their rollups too). */
  attachCustomer(tx: Tx, organizationId: string, externalCustomerId: string, customerId: string): Promise<void>;
}

export interface EventStore {
  writer: EventWriter;
  /** What the events API reads: events, event names and event types (event-reader.ts). */
  reader: EventReader;
  /** What billing reads: cut-offs and customer meters' usage (usage-reader.ts). */
  usage: UsageReader;
  /** What meter quantities read: a meter's aggregation per time bucket (quantity-reader.ts). */
  quantities: QuantityReader;
  /** A meter's hourly rollups as a whole: cleared and rebuilt when the meter changes (meter-rollups.ts). */
  rollups: MeterRollups;
}
