// Event types on PostgreSQL: listed with their counters kept at ingest, or — when the query narrows them to some events
// (a customer, a parent, root events) — counted from those events.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageRequest } from '../../kernel/pagination';
import { likeContains, rawListPage } from '../../platform/database/list-query';
import type { EventTypeQuery, EventTypeSort, EventTypeStats } from './event-reader';
import { typeStats, type TypeRow } from './event-type-row';
import { eventConditions, Where } from './postgres-event-conditions';

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
