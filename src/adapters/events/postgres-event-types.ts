// Event types on PostgreSQL: listed with their counters kept at ingest, or — when the query narrows them to some events
// (a customer, a parent, root events) — counted from those events; and relabeled.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageRequest } from '../../kernel/pagination';
import { likeContains, rawListPage } from '../../platform/database/list-query';
import type { EventTypeQuery, EventTypeSort, EventTypeStats } from './event-reader';
import type { EventSource } from './event-model';
import { eventConditions, Where } from './postgres-event-conditions';
import { asDate } from './postgres-event-rows';

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

export async function eventTypes(
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

export async function relabelEventType(
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
