// The events store port: where usage events are written and what is read back from them — events themselves, meter
// quantities over time, and the usage a customer's meter billed. PostgreSQL implements it (`postgres-event-store.ts`);
// a column store can replace it behind these four interfaces (see the README's "Events at scale").
import type { MeterAggregation, MeterFilter } from '../../contracts/meter';
import type { Tx } from '../../platform/database/transaction';

export type EventSource = 'user' | 'system';

/** An event as ingested, validated and with its customer resolved where the organization knows it. */
export interface NewEvent {
  id: string;
  name: string;
  timestamp: Date;
  source: EventSource;
  customerId: string | null;
  externalCustomerId: string | null;
  memberId: string | null;
  externalMemberId: string | null;
  /** The caller's deduplication key, unique per organization. */
  externalId: string | null;
  parentId: string | null;
  metadata: Record<string, unknown>;
}

export interface StoredEvent extends NewEvent {
  organizationId: string;
  ingestedAt: Date;
  childCount: number;
}

/** What a store needs of a meter: its id (rollups are kept per meter) and what it counts. */
export interface MeterDefinition {
  id: string;
  filter: MeterFilter;
  aggregation: MeterAggregation;
}

/** A customer's events: those carrying its id, and those carrying its external id that were never attached to it. */
export interface CustomerScope {
  customerId: string;
  externalCustomerId: string | null;
}

export interface EventWriter {
  /**
   * Writes a batch in the caller's transaction: events whose external id the organization already has (or that repeat
   * one earlier in the batch) are counted as duplicates; the others are stored, counted by their event type and added
   * to the rollups of the organization's live meters (read once the batch holds the ingestion lock).
   */
  append(tx: Tx, organizationId: string, events: NewEvent[], at: Date): Promise<{ inserted: number; duplicates: number }>;
  /** A customer now has this external id: its earlier events are attached to it (their rollups too). */
  attachCustomer(tx: Tx, organizationId: string, externalCustomerId: string, customerId: string): Promise<void>;
}

export interface EventStore {
  writer: EventWriter;
}
