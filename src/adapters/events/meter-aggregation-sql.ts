// A meter's aggregation as PostgreSQL: the numeric or distinct value it takes of an event, what an hourly rollup keeps,
// the aggregate over a group, and how rollup rows add up.
import type { MeterAggregation } from '../../contracts/meter-aggregation';
import { target, typed } from './meter-property-sql';
import type { SqlFragment } from './sql-fragment';

/** The property's numeric value, null where it is absent or not a number (such events are left out of sum…avg). */
export function numericSql(property: string, alias: string): SqlFragment {
  return typed(target(property, alias), 'number') ?? { sql: 'null::numeric', params: [] };
}

/** The property's value for counting distinct values (typed: 5 and "5" differ), null where it is absent or JSON null. */
export function distinctValueSql(property: string, alias: string): SqlFragment {
  const t = target(property, alias);
  return t.kind === 'column'
    ? { sql: `to_jsonb(${t.sql})`, params: [] }
    : { sql: `nullif(${t.sql}, 'null'::jsonb)`, params: t.params };
}

/** What an hourly rollup keeps of an event for the aggregation (count, sum, min and max of it): its numeric value. */
export function rollupValueSql(aggregation: MeterAggregation, alias: string): SqlFragment {
  return aggregation.func === 'count' || aggregation.func === 'unique'
    ? { sql: 'null::numeric', params: [] }
    : numericSql(aggregation.property, alias);
}

/** The aggregation over the rows of a group, as numeric (0 for no rows or no values). */
export function aggregateSql(aggregation: MeterAggregation, alias: string): SqlFragment {
  if (aggregation.func === 'count') return { sql: 'count(*)::numeric', params: [] };
  if (aggregation.func === 'unique') {
    const value = distinctValueSql(aggregation.property, alias);
    return { sql: `count(distinct ${value.sql})::numeric`, params: value.params };
  }
  const value = numericSql(aggregation.property, alias);
  return { sql: `coalesce(${aggregation.func}(${value.sql}), 0)::numeric`, params: value.params };
}

/** Count and sum add up across groups (periods, rollups, customers); the others are computed over all the rows. */
export const isSummable = (aggregation: MeterAggregation): boolean =>
  aggregation.func === 'count' || aggregation.func === 'sum';

/** How rows inserted `into meter_rollup as r` add to the hour already there (ingest, attach and rebuild alike). */
export const ADD_TO_ROLLUP = `on conflict (meter_id, hour, customer_id, external_customer_id) do update set events = r.events + excluded.events,
  numeric_events = r.numeric_events + excluded.numeric_events, total = r.total + excluded.total,
  minimum = least(r.minimum, excluded.minimum), maximum = greatest(r.maximum, excluded.maximum)`;
