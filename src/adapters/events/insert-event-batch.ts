// A batch's fresh events written in one statement, then in a second their event types' counters, the customers' first
// events, and the hourly rollup of every live meter with the customer meters they activate.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MeterDefinition, NewEvent } from './event-store';
import { rollupSql } from './batch-rollup-sql';

/** The organization's live meters, read by the writer once it holds the ingestion lock. */
export type LiveMeters = (em: EntityManager, organizationId: string) => Promise<MeterDefinition[]>;

const BATCH_COLUMNS = `b(id uuid, "timestamp" timestamptz, name text, source text, customer_id uuid, external_customer_id text,
  member_id uuid, external_member_id text, external_id text, parent_id uuid, metadata jsonb)`;

export async function insertEventBatch(
  liveMeters: LiveMeters,
  em: EntityManager,
  organizationId: string,
  events: NewEvent[],
  at: Date,
): Promise<void> {
  const meters = await liveMeters(em, organizationId);
  const rollups = meters.map((meter, i) => rollupSql(organizationId, meter, i, at));
  const batch = events.map((e) => ({
    id: e.id,
    timestamp: e.timestamp.toISOString(),
    name: e.name,
    source: e.source,
    customer_id: e.customerId,
    external_customer_id: e.externalCustomerId,
    member_id: e.memberId,
    external_member_id: e.externalMemberId,
    external_id: e.externalId,
    parent_id: e.parentId,
    metadata: e.metadata,
  }));
  const json = JSON.stringify(batch);
  // The events first: rows nobody else touches. Then, last before the commit, the rows concurrent batches share (event
  // type counters, rollup hours, customer meters), so their row locks are held for as short a time as possible.
  await bound(
    em,
    `insert into event (id, organization_id, "timestamp", ingested_at, name, source, customer_id, external_customer_id,
       member_id, external_member_id, external_id, parent_id, metadata)
     select id, ?, "timestamp", ?, name, source, customer_id, external_customer_id, member_id, external_member_id, external_id,
       parent_id, metadata from jsonb_to_recordset(?::jsonb) as ${BATCH_COLUMNS}`,
    [organizationId, at, json],
  );
  await bound(
    em,
    `with b as (select * from jsonb_to_recordset(?::jsonb) as ${BATCH_COLUMNS}),
     firsts as (
       update customer c set first_user_event_at = f.first
       from (select customer_id, external_customer_id, min("timestamp") as first from b where source = 'user' group by 1, 2) f
       where c.organization_id = ? and (c.id = f.customer_id or (f.customer_id is null and c.external_id = f.external_customer_id))
         and (c.first_user_event_at is null or c.first_user_event_at > f.first)
       returning 1
     ),
     types as (
       insert into event_type (id, organization_id, name, source, label, occurrences, first_seen, last_seen, created_at)
       select gen_random_uuid(), ?, name, source, name, count(*), min("timestamp"), max("timestamp"), ? from b
       group by name, source order by name, source
       on conflict (organization_id, name, source) do update set occurrences = event_type.occurrences + excluded.occurrences,
         first_seen = least(event_type.first_seen, excluded.first_seen), last_seen = greatest(event_type.last_seen, excluded.last_seen)
     )${rollups.map((r) => `,\n${r.sql}`).join('')}
     select 1`,
    [json, organizationId, organizationId, at, ...rollups.flatMap((r) => r.params)],
  );
}

/**
 * A statement with its values sent as bind parameters: MikroORM's `execute` would inline them, escaping (and the server
 * parsing) the batch's JSON as one literal of hundreds of kilobytes.
 */
async function bound(em: EntityManager, sql: string, params: unknown[]): Promise<void> {
  const query = em.getKnex().raw(sql, params as never[]);
  const trx = em.getTransactionContext();
  await (trx ? query.transacting(trx) : query);
}
