// The read side of the events store port: events by filters (a meter's filter among them), one event, and the event
// types with their counters. Pages are windows (`page`, `limit`) over a stable order, counted in full.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MeterFilter } from '../../contracts/meter-filter';
import type { PageRequest } from '../../kernel/pagination';
import type { EventSource, StoredEvent } from './event-model';

type Sorting<F extends string> = readonly (F | `-${F}`)[];

/** Every given criterion must hold; a list criterion matches any of its values. */
export interface EventQuery {
  organizationIds?: readonly string[];
  customerIds?: readonly string[];
  externalCustomerIds?: readonly string[];
  names?: readonly string[];
  sources?: readonly EventSource[];
  /** `timestamp >= start` and `timestamp < end`. */
  start?: Date;
  end?: Date;
  /** Without `depth`: the direct children of this event; with it, this event and its descendants down to `depth`. */
  parentId?: string;
  /** Without `parentId`: events at most this many levels below a root event (0 = root events only). */
  depth?: number;
  /** Meter filters, all of which must match. */
  filters?: readonly MeterFilter[];
  /** `metadata[key]=value`: a key's values (compared as text) match any; every key must match. */
  metadata?: Record<string, readonly string[]>;
  /** Part of the name, ignoring case. */
  nameContains?: string;
}

/** An event with what its type says of it. */
export interface ReadEvent extends StoredEvent {
  typeLabel: string;
  labelPropertySelector: string | null;
}

export interface EventTypeStats {
  id: string;
  name: string;
  source: EventSource;
  label: string;
  labelPropertySelector: string | null;
  occurrences: number;
  firstSeen: Date;
  lastSeen: Date;
  createdAt: Date;
  modifiedAt: Date | null;
}

/** Which events' types to count: all of them (the counters kept at ingest), or only the events matching these. */
export interface EventTypeQuery {
  organizationIds?: readonly string[];
  customerIds?: readonly string[];
  externalCustomerIds?: readonly string[];
  sources?: readonly EventSource[];
  /** Types of the direct children of this event. */
  parentId?: string;
  /** Types that have root events (and only those events counted). */
  rootEvents?: boolean;
  /** Part of the name or the label, ignoring case. */
  nameOrLabelContains?: string;
}

export type EventTypeSort = 'name' | 'label' | 'occurrences' | 'first_seen' | 'last_seen';

export interface EventReader {
  list(
    em: EntityManager,
    organizationId: string,
    query: EventQuery,
    sorting: Sorting<'timestamp'>,
    page: PageRequest,
  ): Promise<{ items: ReadEvent[]; totalCount: number }>;
  get(em: EntityManager, organizationId: string, id: string): Promise<ReadEvent | null>;
  /** Event types with their occurrences, first and last seen among the events the query selects (types with none left out). */
  types(
    em: EntityManager,
    organizationId: string,
    query: EventTypeQuery,
    sorting: Sorting<EventTypeSort>,
    page: PageRequest,
  ): Promise<{ items: EventTypeStats[]; totalCount: number }>;
  /** An event type's label (the one thing about a type the organization sets); null when the organization has no such type. */
  relabelType(
    em: EntityManager,
    organizationId: string,
    id: string,
    change: { label: string; labelPropertySelector?: string | null },
    at: Date,
  ): Promise<EventTypeStats | null>;
}
