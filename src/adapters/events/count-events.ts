// How many events a list query matches: from the event types' counters when only names and sources narrow it, else
// counted from the indexes.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventQuery } from './event-reader';
import type { Where } from './postgres-event-conditions';

/** Criteria the event types' counters can answer a count for. */
const TYPE_LEVEL = new Set(['organizationIds', 'names', 'sources']);

/** An absent criterion: undefined, an empty list or an empty metadata filter. */
const isUnset = (value: unknown) =>
  value === undefined ||
  (Array.isArray(value) ? !value.length : typeof value === 'object' && value !== null && !Object.keys(value).length);

/**
 * How many events match: from the event types' counters when only names and sources narrow the list (they count
 * every stored event of the type, kept in the ingest's transaction), else counted from the indexes.
 */
export async function countEvents(
  em: EntityManager,
  organizationId: string,
  query: EventQuery,
  where: Where,
): Promise<number> {
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
