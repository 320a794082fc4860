// Rebuilding a meter's hourly rollups on PostgreSQL: the same grouping (customer, external customer, UTC hour) and the
// same values (meter-sql.ts) as the writer's incremental upserts, over the organization's stored events.
import type { Tx } from '../../platform/database/transaction';
import type { MeterDefinition } from './event-model';
import { filterSql, rollupValueSql } from './meter-sql';
import type { MeterRollups } from './meter-rollups';

export class PostgresMeterRollups implements MeterRollups {
  async clear(tx: Tx, meterId: string): Promise<void> {
    await tx.em.execute('delete from meter_rollup where meter_id = ?', [meterId]);
  }

  async rebuild(tx: Tx, organizationId: string, meter: MeterDefinition): Promise<{ hours: number }> {
    await this.clear(tx, meter.id);
    const filter = filterSql(meter.filter, 'e');
    const value = rollupValueSql(meter.aggregation, 'e');
    const rows = await tx.em.execute<{ hours: string }[]>(
      `with rebuilt as (
         insert into meter_rollup (meter_id, customer_id, external_customer_id, hour, events, numeric_events, total, minimum, maximum)
         select ?::uuid, e.customer_id, e.external_customer_id, date_bin('1 hour', e."timestamp", '2000-01-01Z'), count(*), count(v.n), coalesce(sum(v.n), 0), min(v.n), max(v.n)
         from event e cross join lateral (select ${value.sql} as n) v
         where e.organization_id = ? and ${filter.sql}
         group by e.customer_id, e.external_customer_id, date_bin('1 hour', e."timestamp", '2000-01-01Z')
         returning 1
       ) select count(*) as hours from rebuilt`,
      [meter.id, ...value.params, organizationId, ...filter.params],
    );
    return { hours: Number(rows[0]?.hours ?? 0) };
  }
}
