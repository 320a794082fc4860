// An events query as SQL conditions over `event e`: the organization, customers, names, sources, time, metadata, meter
// filters (meter-sql.ts) and the parent/child tree (an anchor's descendants, or events within some depth of a root).
import { likeContains } from '../../platform/database/list-query';
import type { EventQuery, EventTypeQuery } from './event-reader';
import { filterSql } from './meter-sql';

/** Conditions and-ed over `event e`, with their parameters in order. */
export class Where {
  readonly sql: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): void {
    this.sql.push(sql);
    this.params.push(...params);
  }
}

export function eventConditions(organizationId: string, query: EventQuery & EventTypeQuery): Where {
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
