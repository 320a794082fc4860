// Reading events from PostgreSQL. A page is read by the organization's indexes (customer, external customer or time,
// newest first by default) and only then joined to its event types and child counts (postgres-event-rows.ts), so the
// cost of a page does not grow with what is around it; event types are counted from the counters kept at ingest unless
// the query narrows them to some events (postgres-event-types.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, type PageRequest } from '../../kernel/pagination';
import type { EventQuery, EventReader, EventTypeQuery, EventTypeSort, EventTypeStats, ReadEvent } from './event-reader';
import { eventConditions, type Where } from './postgres-event-conditions';
import { describedEvents, EVENT_COLUMNS, type EventRow } from './postgres-event-rows';
import { eventTypes, relabelEventType } from './postgres-event-types';

/** Criteria the event types' counters can answer a count for. */
const TYPE_LEVEL = new Set(['organizationIds', 'names', 'sources']);

/** An absent criterion: undefined, an empty list or an empty metadata filter. */
const isUnset = (value: unknown) =>
  value === undefined ||
  (Array.isArray(value) ? !value.length : typeof value === 'object' && value !== null && !Object.keys(value).length);

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
      totalCount: await this.count(em, organizationId, query, where),
    };
  }

  /**
   * How many events match: from the event types' counters when only names and sources narrow the list (they count
   * every stored event of the type, kept in the ingest's transaction), else counted from the indexes.
   */
  private async count(em: EntityManager, organizationId: string, query: EventQuery, where: Where): Promise<number> {
    const byTypeOnly = Object.entries(query).every(([key, value]) => TYPE_LEVEL.has(key) || isUnset(value));
    if (byTypeOnly && !(query.organizationIds && !query.organizationIds.includes(organizationId))) {
      const [row] = await em.execute<{ total: string | null }[]>(
        `select sum(occurrences)::text as total from event_type where organization_id = ?
         ${query.names ? 'and name in (?)' : ''} ${query.sources ? 'and source in (?)' : ''}`,
        [organizationId, ...(query.names ? [[...query.names]] : []), ...(query.sources ? [[...query.sources]] : [])],
      );
      return Number(row.total ?? 0);
    }
    const [row] = await em.execute<{ total: number }[]>(
      `select count(*)::int as total from event e where ${where.sql.join(' and ')}`,
      where.params,
    );
    return row.total;
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
