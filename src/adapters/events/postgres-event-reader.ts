// Reading events from PostgreSQL. A page is read by the organization's indexes (customer, external customer or time,
// newest first by default) and only then joined to its event types and child counts, so the cost of a page does not
// grow with what is around it; event types are counted from the counters kept at ingest unless the query narrows
// them to some events.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pageOffset, type PageRequest } from '../../kernel/pagination';
import { likeContains, rawListPage } from '../../platform/database/list-query';
import { sqlArray } from '../../platform/database/sql-array';
import type { EventQuery, EventReader, EventTypeQuery, EventTypeSort, EventTypeStats, ReadEvent } from './event-reader';
import type { EventSource } from './event-model';
import { filterSql } from './meter-sql';

interface EventRow {
  id: string;
  organization_id: string;
  timestamp: Date;
  ingested_at: Date;
  name: string;
  source: EventSource;
  customer_id: string | null;
  external_customer_id: string | null;
  member_id: string | null;
  external_member_id: string | null;
  external_id: string | null;
  parent_id: string | null;
  metadata: Record<string, unknown>;
}

interface TypeRow {
  id: string;
  name: string;
  source: EventSource;
  label: string;
  label_property_selector: string | null;
  occurrences: string | number;
  first_seen: Date;
  last_seen: Date;
  created_at: Date;
  modified_at: Date | null;
}

/** Criteria the event types' counters can answer a count for. */
const TYPE_LEVEL = new Set(['organizationIds', 'names', 'sources']);

/** An absent criterion: undefined, an empty list or an empty metadata filter. */
const isUnset = (value: unknown) =>
  value === undefined ||
  (Array.isArray(value) ? !value.length : typeof value === 'object' && value !== null && !Object.keys(value).length);

const EVENT_COLUMNS = `e.id, e.organization_id, e."timestamp", e.ingested_at, e.name, e.source, e.customer_id, e.external_customer_id,
  e.member_id, e.external_member_id, e.external_id, e.parent_id, e.metadata`;

/** Conditions and-ed over `event e`, with their parameters in order. */
class Where {
  readonly sql: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): void {
    this.sql.push(sql);
    this.params.push(...params);
  }
}

function eventConditions(organizationId: string, query: EventQuery & EventTypeQuery): Where {
  const where = new Where();
  where.add('e.organization_id = ?', organizationId);
  if (query.organizationIds && !query.organizationIds.includes(organizationId)) where.add('false');
  if (query.customerIds) where.add('e.customer_id in (?)', [...query.customerIds]);
  if (query.externalCustomerIds) where.add('e.external_customer_id in (?)', [...query.externalCustomerIds]);
  if (query.names) where.add('e.name in (?)', [...query.names]);
  if (query.sources) where.add('e.source in (?)', [...query.sources]);
  if (query.start) where.add('e."timestamp" >= ?', query.start);
  if (query.end) where.add('e."timestamp" < ?', query.end);
  if (query.nameContains) where.add(`e.name ilike ?`, likeContains(query.nameContains));
  for (const [key, values] of Object.entries(query.metadata ?? {}))
    where.add('e.metadata ->> ? in (?)', key, [...values]);
  for (const filter of query.filters ?? []) {
    const clause = filterSql(filter, 'e');
    where.add(clause.sql, ...clause.params);
  }
  if (query.rootEvents) where.add('e.parent_id is null');
  if (query.parentId !== undefined && query.depth === undefined) where.add('e.parent_id = ?', query.parentId);
  if (query.parentId !== undefined && query.depth !== undefined) {
    // the anchor and its descendants, walked down the parent index
    where.add(
      `e.id in (with recursive tree(id, depth) as (
         select id, 0 from event where organization_id = ? and id = ?
         union all select c.id, t.depth + 1 from tree t join event c on c.parent_id = t.id and c.organization_id = ? where t.depth < ?
       ) select id from tree)`,
      organizationId,
      query.parentId,
      organizationId,
      query.depth,
    );
  }
  if (query.parentId === undefined && query.depth === 0) where.add('e.parent_id is null');
  if (query.parentId === undefined && query.depth !== undefined && query.depth > 0) {
    // a root within `depth` steps up: each event's own ancestry, walked up the id index
    where.add(
      `exists (with recursive up(parent_id, depth) as (
         select e.parent_id, 0
         union all select p.parent_id, u.depth + 1 from up u join event p on p.id = u.parent_id and p.organization_id = ? where u.depth < ?
       ) select 1 from up where up.parent_id is null)`,
      organizationId,
      query.depth,
    );
  }
  return where;
}

const asDate = (at: Date | string) => new Date(at);

function typeStats(row: TypeRow): EventTypeStats {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    label: row.label,
    labelPropertySelector: row.label_property_selector,
    occurrences: Number(row.occurrences),
    firstSeen: asDate(row.first_seen),
    lastSeen: asDate(row.last_seen),
    createdAt: asDate(row.created_at),
    modifiedAt: row.modified_at ? asDate(row.modified_at) : null,
  };
}

const TYPE_SORT_COLUMNS: Record<EventTypeSort, string> = {
  name: 't.name',
  label: 't.label',
  occurrences: 's.occurrences',
  first_seen: 's.first_seen',
  last_seen: 's.last_seen',
};

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
      items: await this.described(em, organizationId, rows),
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
    const [event] = await this.described(em, organizationId, rows);
    return event ?? null;
  }

  async types(
    em: EntityManager,
    organizationId: string,
    query: EventTypeQuery,
    sorting: readonly (EventTypeSort | `-${EventTypeSort}`)[],
    page: PageRequest,
  ): Promise<{ items: EventTypeStats[]; totalCount: number }> {
    const narrowed = query.customerIds || query.externalCustomerIds || query.parentId !== undefined || query.rootEvents;
    const stats = narrowed ? eventConditions(organizationId, query) : null;
    const from = stats
      ? `(select e.name, e.source, count(*) as occurrences, min(e."timestamp") as first_seen, max(e."timestamp") as last_seen
          from event e where ${stats.sql.join(' and ')} group by e.name, e.source) s
         join event_type t on t.organization_id = ? and t.name = s.name and t.source = s.source`
      : 'event_type t cross join lateral (select t.occurrences, t.first_seen, t.last_seen) s';
    const where = new Where();
    where.add('t.organization_id = ?', organizationId);
    if (!stats) where.add('t.occurrences > 0');
    if (!stats && query.organizationIds && !query.organizationIds.includes(organizationId)) where.add('false');
    if (!stats && query.sources) where.add('t.source in (?)', [...query.sources]);
    if (query.nameOrLabelContains) {
      const pattern = likeContains(query.nameOrLabelContains);
      where.add('(t.name ilike ? or t.label ilike ?)', pattern, pattern);
    }
    const params = stats ? [...stats.params, organizationId, ...where.params] : where.params;
    const select =
      't.id, t.name, t.source, t.label, t.label_property_selector, s.occurrences, s.first_seen, s.last_seen, t.created_at, t.modified_at';
    const rows = await rawListPage<TypeRow, EventTypeSort>(
      em,
      { select, from, where: where.sql, params, sorting, columns: TYPE_SORT_COLUMNS, id: 't.id' },
      page,
    );
    return { items: rows.items.map(typeStats), totalCount: rows.pagination.total_count };
  }

  async relabelType(
    em: EntityManager,
    organizationId: string,
    id: string,
    change: { label: string; labelPropertySelector?: string | null },
    at: Date,
  ): Promise<EventTypeStats | null> {
    const selector = change.labelPropertySelector !== undefined;
    const [row] = await em.execute<TypeRow[]>(
      `update event_type set label = ?, ${selector ? 'label_property_selector = ?,' : ''} modified_at = ?
       where organization_id = ? and id = ? returning *`,
      [change.label, ...(selector ? [change.labelPropertySelector] : []), at, organizationId, id],
    );
    return row ? typeStats(row) : null;
  }

  /** The page's events with their types' labels and their direct children counted. */
  private async described(em: EntityManager, organizationId: string, rows: EventRow[]): Promise<ReadEvent[]> {
    if (!rows.length) return [];
    const names = [...new Set(rows.map((row) => row.name))];
    const parents = rows.map((row) => row.id);
    // one after the other: a transaction's queries share its connection
    const types = await em.execute<
      { name: string; source: string; label: string; label_property_selector: string | null }[]
    >(
      'select name, source, label, label_property_selector from event_type where organization_id = ? and name = any(?::text[])',
      [organizationId, sqlArray(names)],
    );
    const children = await em.execute<{ parent_id: string; children: number }[]>(
      'select parent_id, count(*)::int as children from event where organization_id = ? and parent_id = any(?::uuid[]) group by parent_id',
      [organizationId, sqlArray(parents)],
    );
    const typeOf = new Map(types.map((t) => [`${t.source}:${t.name}`, t]));
    const childCount = new Map(children.map((c) => [c.parent_id, c.children]));
    return rows.map((row) => {
      const type = typeOf.get(`${row.source}:${row.name}`);
      return {
        id: row.id,
        organizationId: row.organization_id,
        name: row.name,
        timestamp: asDate(row.timestamp),
        ingestedAt: asDate(row.ingested_at),
        source: row.source,
        customerId: row.customer_id,
        externalCustomerId: row.external_customer_id,
        memberId: row.member_id,
        externalMemberId: row.external_member_id,
        externalId: row.external_id,
        parentId: row.parent_id,
        metadata: row.metadata,
        childCount: childCount.get(row.id) ?? 0,
        typeLabel: type?.label ?? row.name,
        labelPropertySelector: type?.label_property_selector ?? null,
      };
    });
  }
}
