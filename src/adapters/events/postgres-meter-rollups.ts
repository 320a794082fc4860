// Rebuilding a meter's hourly rollups on PostgreSQL: the same grouping (customer, external customer, UTC hour) and the
// same values (meter-sql.ts) as the writer's incremental upserts, over the organization's stored events.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tx } from '../../platform/database/transaction';
import type { MeterDefinition } from './event-model';
import { ADD_TO_ROLLUP, rollupValueSql } from './meter-aggregation-sql';
import { filterSql } from './meter-sql';
import type { MeterRollups, RollupChunk } from './meter-rollups';

export class PostgresMeterRollups implements MeterRollups {
  async clear(tx: Tx, meterId: string): Promise<void> {
    await tx.em.execute('delete from meter_rollup where meter_id = ?', [meterId]);
  }

  async lastSeq(em: EntityManager): Promise<string> {
    const [row] = await em.execute<{ last: string }[]>(
      'select case when is_called then last_value else 0 end as last from event_seq',
    );
    return String(row.last);
  }

  async span(em: EntityManager, organizationId: string): Promise<{ first: Date; last: Date } | null> {
    const [row] = await em.execute<{ first: Date | null; last: Date | null }[]>(
      'select min("timestamp") as first, max("timestamp") as last from event where organization_id = ?',
      [organizationId],
    );
    return row?.first && row.last ? { first: new Date(row.first), last: new Date(row.last) } : null;
  }

  async rebuild(tx: Tx, organizationId: string, meter: MeterDefinition, chunk: RollupChunk): Promise<void> {
    const filter = filterSql(meter.filter, 'e');
    const value = rollupValueSql(meter.aggregation, 'e');
    await tx.em.execute(
      `insert into meter_rollup as r (meter_id, customer_id, external_customer_id, hour, events, numeric_events, total, minimum, maximum)
       select ?::uuid, e.customer_id, e.external_customer_id, date_bin('1 hour', e."timestamp", '2000-01-01Z'), count(*), count(v.n), coalesce(sum(v.n), 0), min(v.n), max(v.n)
       from event e cross join lateral (select ${value.sql} as n) v
       where e.organization_id = ? and e."timestamp" >= ? and e."timestamp" < ? and e.seq <= ?::bigint and ${filter.sql}
       group by e.customer_id, e.external_customer_id, date_bin('1 hour', e."timestamp", '2000-01-01Z')
       order by 2, 3, 4
       ${ADD_TO_ROLLUP}`,
      [meter.id, ...value.params, organizationId, chunk.from, chunk.to, chunk.uptoSeq, ...filter.params],
    );
  }
}
