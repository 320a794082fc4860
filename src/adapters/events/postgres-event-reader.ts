// Reading events from PostgreSQL. A page is read by the organization's indexes (customer, external customer or time,
// newest first by default) and only then joined to its event types and child counts (postgres-event-rows.ts), so the
// cost of a page does not grow with what is around it; event types are counted from the counters kept at ingest unless
// the query narrows them to some events (postgres-event-types.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, type PageRequest } from '../../kernel/pagination';
import type { EventQuery, EventReader, EventTypeQuery, EventTypeSort, EventTypeStats, ReadEvent } from './event-reader';
import { countEvents } from './count-events';
import { eventConditions } from './postgres-event-conditions';
import { describedEvents, EVENT_COLUMNS, type EventRow } from './postgres-event-rows';
import { eventTypes } from './postgres-event-types';
import { relabelEventType } from './relabel-event-type';

export class PostgresEventReader implements EventReader {
  async list(
    em: EntityManager,
    organizationId: string,
    query: EventQuery,
    sorting: readonly ('timestamp' | '-timestamp')[],
    page: PageRequest,
  ): Promise<{ items: ReadEvent[]; totalCount: number }> {
    const where = eventConditions(organizationId, query);
    const conditions = where.sql.join(' and ');
    // no `nulls last` (timestamps are never null): the order must be the indexes' own for them to serve it
    const order = sorting.map((value) => (value === '-timestamp' ? 'e."timestamp" desc' : 'e."timestamp" asc'));
    const rows = await em.execute<EventRow[]>(
      `select ${EVENT_COLUMNS} from event e where ${conditions} order by ${[...order, 'e.id asc'].join(', ')} limit ? offset ?`,
      [...where.params, page.limit, pageOffset(page)],
    );
    return {
      items: await describedEvents(em, organizationId, rows),
      totalCount: await countEvents(em, organizationId, query, where),
    };
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<ReadEvent | null> {
    const rows = await em.execute<EventRow[]>(
      `select ${EVENT_COLUMNS} from event e where e.organization_id = ? and e.id = ?`,
      [organizationId, id],
    );
    const [event] = await describedEvents(em, organizationId, rows);
    return event ?? null;
  }

  types(
    em: EntityManager,
    organizationId: string,
    query: EventTypeQuery,
    sorting: readonly (EventTypeSort | `-${EventTypeSort}`)[],
    page: PageRequest,
  ): Promise<{ items: EventTypeStats[]; totalCount: number }> {
    return eventTypes(em, organizationId, query, sorting, page);
  }

  relabelType(
    em: EntityManager,
    organizationId: string,
    id: string,
    change: { label: string; labelPropertySelector?: string | null },
    at: Date,
  ): Promise<EventTypeStats | null> {
    return relabelEventType(em, organizationId, id, change, at);
  }
}
