// The partial rows of a meter's quantities read from raw events: one per event, filtered by the meter, the customers
// and the metadata asked for.
import { sqlArray } from '../../platform/database/sql-array';
import { distinctValueSql, rollupValueSql } from './meter-aggregation-sql';
import { filterSql } from './meter-sql';
import { type SqlFragment } from './sql-fragment';
import type { QuantityCustomers, QuantityMeter, QuantityQuery } from './quantity-reader';

export function rawPart(
  organizationId: string,
  meter: QuantityMeter,
  query: QuantityQuery,
  from: Date,
  to: Date,
): SqlFragment {
  const { aggregation } = meter;
  const value =
    aggregation.func === 'unique' ? distinctValueSql(aggregation.property, 'e') : { sql: 'null::jsonb', params: [] };
  const n = rollupValueSql(aggregation, 'e');
  const filter = filterSql(meter.filter, 'e');
  const customers = customersSql(query.customers, 'e');
  const metadata = Object.entries(query.metadata).map(([key, values]) => ({
    sql: ` and (e.metadata ->> ?) = any(?::text[])`,
    params: [key, sqlArray(values)],
  }));
  return {
    sql: `select e."timestamp" as ts, e.customer_id, e.external_customer_id, 1::bigint as events, (v.n is not null)::int::bigint as numeric_events,
        coalesce(v.n, 0) as total, v.n as minimum, v.n as maximum, ${value.sql} as value
      from event e cross join lateral (select ${n.sql} as n) v
      where e.organization_id = ? and e."timestamp" >= ?::timestamptz and e."timestamp" < ?::timestamptz and ${filter.sql}${customers.sql}${metadata.map((m) => m.sql).join('')}`,
    params: [
      ...value.params,
      ...n.params,
      organizationId,
      from.toISOString(),
      to.toISOString(),
      ...filter.params,
      ...customers.params,
      ...metadata.flatMap((m) => m.params),
    ],
  };
}

/** The customers' events: those carrying one of their ids, or one of their external ids and no id. */
export function customersSql(customers: QuantityCustomers | null, alias: string): SqlFragment {
  if (!customers) return { sql: '', params: [] };
  return {
    sql: ` and (${alias}.customer_id = any(?::uuid[]) or (${alias}.customer_id is null and ${alias}.external_customer_id = any(?::text[])))`,
    params: [sqlArray(customers.customerIds), sqlArray(customers.externalCustomerIds)],
  };
}
