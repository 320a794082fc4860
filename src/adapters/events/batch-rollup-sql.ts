// A live meter's share of an ingested batch, as a statement's CTEs: its hourly rollup per customer, and the customer
// meters it activates.
import type { MeterDefinition } from './event-store';
import { ADD_TO_ROLLUP, rollupValueSql } from './meter-aggregation-sql';
import { filterSql } from './meter-sql';
import { type SqlFragment } from './sql-fragment';

/** A meter's share of the batch: its hourly rollup (per customer) and the customer meters it activates. */
export function rollupSql(organizationId: string, meter: MeterDefinition, index: number, at: Date): SqlFragment {
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
