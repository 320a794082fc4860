// Events as PostgreSQL returns them, and the events a page becomes: each with its type's label and its direct
// children counted, read after the page itself so that they cost what the page holds.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlArray } from '../../platform/database/sql-array';
import type { ReadEvent } from './event-reader';
import type { EventSource } from './event-model';

export interface EventRow {
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

export const EVENT_COLUMNS = `e.id, e.organization_id, e."timestamp", e.ingested_at, e.name, e.source, e.customer_id, e.external_customer_id,
  e.member_id, e.external_member_id, e.external_id, e.parent_id, e.metadata`;

export const asDate = (at: Date | string) => new Date(at);

/** The page's events with their types' labels and their direct children counted. */
export async function describedEvents(
  em: EntityManager,
  organizationId: string,
  rows: EventRow[],
): Promise<ReadEvent[]> {
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
