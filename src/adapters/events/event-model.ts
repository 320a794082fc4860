// What the events store port's interfaces speak of: events as written and read back, the meters they are counted by,
// a customer's events. Apart from event-store.ts so that each of the port's interfaces can use them without a cycle.
import type { MeterAggregation } from '../../contracts/meter-aggregation';
import type { MeterFilter } from '../../contracts/meter-filter';

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
