// Ingestion into PostgreSQL: external ids claimed first (in one sorted insert, so concurrent batches never deadlock and
// never both win a key), then one statement writes the fresh events and a second their event types' counters, the
// hourly rollup of every live meter and the customer meters they activate — a batch is a handful of round trips, not
// one per event.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tx } from '../../platform/database/transaction';
import type { EventWriter, MeterDefinition, NewEvent } from './event-store';
import { holdIngestAlone, holdIngestShared } from './ingest-lock';
import { ADD_TO_ROLLUP, filterSql, rollupValueSql, type SqlFragment } from './meter-sql';

/** The organization's live meters, read by the writer once it holds the ingestion lock. */
export type LiveMeters = (em: EntityManager, organizationId: string) => Promise<MeterDefinition[]>;

const BATCH_COLUMNS = `b(id uuid, "timestamp" timestamptz, name text, source text, customer_id uuid, external_customer_id text,
  member_id uuid, external_member_id text, external_id text, parent_id uuid, metadata jsonb)`;

export class PostgresEventWriter implements EventWriter {
  constructor(private readonly liveMeters: LiveMeters) {}

  async append(
    tx: Tx,
    organizationId: string,
    events: NewEvent[],
    at: Date,
  ): Promise<{ inserted: number; duplicates: number }> {
    const fresh = await this.claimExternalIds(tx.em, organizationId, events);
    if (fresh.length) await this.insert(tx.em, organizationId, fresh, at);
    return { inserted: fresh.length, duplicates: events.length - fresh.length };
  }

  begin(tx: Tx, organizationId: string): Promise<void> {
    return holdIngestShared(tx.em, organizationId);
  }

  /** Waits for the batches in flight (and holds off new ones) so that none of their events is left unattached. */
  async attachCustomer(tx: Tx, organizationId: string, externalCustomerId: string, customerId: string): Promise<void> {
    await holdIngestAlone(tx.em, organizationId);
    const params = [organizationId, externalCustomerId];
    await tx.em.execute(
      'update event set customer_id = ? where organization_id = ? and external_customer_id = ? and customer_id is null',
      [customerId, ...params],
    );
    await tx.em.execute(
      `update customer set first_user_event_at = (select min("timestamp") from event where organization_id = ? and customer_id = ? and source = 'user')
       where id = ?`,
      [organizationId, customerId, customerId],
    );
    const orphans = `from meter_rollup o join meter m on m.id = o.meter_id
      where m.organization_id = ? and o.external_customer_id = ? and o.customer_id is null`;
    await tx.em.execute(
      `insert into meter_rollup as r (meter_id, customer_id, external_customer_id, hour, events, numeric_events, total, minimum, maximum)
       select o.meter_id, ?, o.external_customer_id, o.hour, o.events, o.numeric_events, o.total, o.minimum, o.maximum ${orphans}
       order by o.meter_id, o.hour
       ${ADD_TO_ROLLUP}`,
      [customerId, ...params],
    );
    await tx.em.execute(
      `insert into customer_meter (id, organization_id, customer_id, meter_id, consumed_units, credited_units, created_at)
       select gen_random_uuid(), ?, ?, meter_id, 0, 0, now() from (select distinct o.meter_id ${orphans}) o order by meter_id
       on conflict (customer_id, meter_id) do nothing`,
      [organizationId, customerId, ...params],
    );
    await tx.em.execute(
      `delete from meter_rollup where (meter_id, hour, external_customer_id) in (select o.meter_id, o.hour, o.external_customer_id ${orphans}) and customer_id is null`,
      params,
    );
  }

  /** The events whose external id is new to the organization (the first of a repeated one in the batch), and those without. */
  private async claimExternalIds(em: EntityManager, organizationId: string, events: NewEvent[]): Promise<NewEvent[]> {
    const firstByKey = new Map<string, NewEvent>();
    for (const event of events)
      if (event.externalId !== null && !firstByKey.has(event.externalId)) firstByKey.set(event.externalId, event);
    if (!firstByKey.size) return events;
    const claims = [...firstByKey.values()].map((e) => ({ external_id: e.externalId, event_id: e.id }));
    const claimed = await em.execute<{ event_id: string }[]>(
      `insert into event_external_id (organization_id, external_id, event_id)
       select ?, c.external_id, c.event_id from jsonb_to_recordset(?::jsonb) as c(external_id text, event_id uuid) order by c.external_id
       on conflict do nothing returning event_id`,
      [organizationId, JSON.stringify(claims)],
    );
    const won = new Set(claimed.map((row) => row.event_id));
    return events.filter((event) => event.externalId === null || won.has(event.id));
  }

  private async insert(em: EntityManager, organizationId: string, events: NewEvent[], at: Date): Promise<void> {
    const meters = await this.liveMeters(em, organizationId);
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

/** A meter's share of the batch: its hourly rollup (per customer) and the customer meters it activates. */
function rollupSql(organizationId: string, meter: MeterDefinition, index: number, at: Date): SqlFragment {
  const filter = filterSql(meter.filter, 'b');
  const value = rollupValueSql(meter.aggregation, 'b');
  return {
    sql: `rollup_${index} as (
        insert into meter_rollup as r (meter_id, customer_id, external_customer_id, hour, events, numeric_events, total, minimum, maximum)
        select ?::uuid, b.customer_id, b.external_customer_id, date_bin('1 hour', b."timestamp", '2000-01-01Z'), count(*), count(v.n), coalesce(sum(v.n), 0), min(v.n), max(v.n)
        from b cross join lateral (select ${value.sql} as n) v where ${filter.sql}
        group by b.customer_id, b.external_customer_id, date_bin('1 hour', b."timestamp", '2000-01-01Z')
        order by 2, 3, 4
        ${ADD_TO_ROLLUP}
        returning customer_id
      ),
      activated_${index} as (
        insert into customer_meter (id, organization_id, customer_id, meter_id, consumed_units, credited_units, created_at)
        select gen_random_uuid(), b.organization_id, b.customer_id, ?::uuid, 0, 0, ?
        from (select distinct customer_id, ?::uuid as organization_id from rollup_${index} where customer_id is not null) b
        order by b.customer_id
        on conflict (customer_id, meter_id) do nothing
      )`,
    params: [meter.id, ...value.params, ...filter.params, meter.id, at, organizationId],
  };
}
