// Meter quantities on PostgreSQL. Both paths produce the same partial rows (ts, customer, events, numeric_events,
// total, minimum, maximum, value) and share one final aggregation, so rollups and raw events give identical answers:
// raw events yield one row each; hourly rollups one per customer and hour, read only when they are exact (complete,
// no metadata filter, not `unique`, every bucket boundary on a whole UTC hour), with the partial hours at either end of
// the range read raw. One scan groups by bucket and, through a grouping set, the whole range for the total.
import type { EntityManager } from '@mikro-orm/postgresql';
import { invalidField } from '../../kernel/errors';
import { sqlArray } from '../../platform/database/sql-array';
import type { Tx } from '../../platform/database/transaction';
import { distinctValueSql, filterSql, rollupValueSql, type SqlFragment } from './meter-sql';
import type {
  AggregationFunction,
  MeterQuantities,
  QuantityCustomers,
  QuantityMeter,
  QuantityQuery,
  QuantityReader,
} from './quantity-reader';

const HOUR_MS = 3_600_000;

/** The aggregation over partial rows (`k`): the same expression whichever source they came from. */
const FINAL: Record<AggregationFunction, string> = {
  count: 'coalesce(sum(events), 0)',
  sum: 'coalesce(sum(total), 0)',
  max: 'coalesce(max(maximum), 0)',
  min: 'coalesce(min(minimum), 0)',
  avg: 'coalesce(sum(total) / nullif(sum(numeric_events), 0), 0)',
  unique: 'count(distinct value)',
};

/** Combining per-customer quantities (`q`). */
const ACROSS_CUSTOMERS: Record<AggregationFunction, string> = {
  count: 'count(*)',
  sum: 'coalesce(sum(q), 0)',
  max: 'coalesce(max(q), 0)',
  min: 'coalesce(min(q), 0)',
  avg: 'coalesce(avg(q), 0)',
  unique: 'count(distinct q)',
};

export class PostgresQuantityReader implements QuantityReader {
  /** `rollups: false` reads raw events always (a configuration switch, for benchmarks and diagnosis). */
  constructor(private readonly options: { rollups: boolean }) {}

  async quantities(
    tx: Tx,
    organizationId: string,
    meter: QuantityMeter,
    query: QuantityQuery,
  ): Promise<MeterQuantities> {
    const starts = await bucketStarts(tx.em, query);
    const parts = this.rollupsAnswer(meter, query, starts)
      ? rollupParts(organizationId, meter, query)
      : [rawPart(organizationId, meter, query, query.start, query.end)];
    const source = { sql: parts.map((p) => p.sql).join('\nunion all\n'), params: parts.flatMap((p) => p.params) };
    const final = FINAL[meter.aggregation.func];
    const keyed = `k as (select width_bucket(p.ts, ?::timestamptz[]) as bucket, p.customer_id as ck_id,
        case when p.customer_id is null then p.external_customer_id end as ck_ext, p.* from p)`;
    const grouped = query.customerAggregation
      ? `, c as (select grouping(bucket) as g, bucket, ${final} as q from k group by grouping sets ((bucket, ck_id, ck_ext), (ck_id, ck_ext)))
         select g, bucket, ${ACROSS_CUSTOMERS[query.customerAggregation]} as q from c group by g, bucket`
      : `select grouping(bucket) as g, bucket, ${final} as q from k group by grouping sets ((bucket), ())`;
    const rows = await tx.em.execute<{ g: number; bucket: number | null; q: string }[]>(
      `with p as (${source.sql}), ${keyed} ${grouped}`,
      [...source.params, sqlArray(starts.map((s) => s.toISOString()))],
    );
    const quantities = starts.map((timestamp) => ({ timestamp, quantity: 0 }));
    let total = 0;
    for (const row of rows) {
      if (Number(row.g) === 1) total = Number(row.q);
      else quantities[Number(row.bucket) - 1]!.quantity = Number(row.q);
    }
    return { quantities, total };
  }

  private rollupsAnswer(meter: QuantityMeter, query: QuantityQuery, starts: Date[]): boolean {
    return (
      this.options.rollups &&
      meter.rollupsReady &&
      meter.aggregation.func !== 'unique' &&
      !Object.keys(query.metadata).length &&
      // The first start is at or before the range's start (read raw up to the first whole hour); the others split it.
      starts.slice(1).every((s) => s.getTime() % HOUR_MS === 0)
    );
  }
}

/** Where each bucket starts, in order: the local calendar boundaries of the time zone from `start`'s own bucket. */
async function bucketStarts(em: EntityManager, query: QuantityQuery): Promise<Date[]> {
  const { start, end, timezone: tz, interval } = query;
  // Hours step in absolute time (a local clock repeats or skips one at a DST change); the rest step in local time.
  const [sql, params] =
    interval === 'hour'
      ? [
          `select extract(epoch from b) * 1000 as ms from generate_series(date_trunc('hour', ?::timestamptz, ?), ?::timestamptz, interval '1 hour') b where b < ?::timestamptz order by b`,
          [start.toISOString(), tz, end.toISOString(), end.toISOString()],
        ]
      : [
          `select extract(epoch from b) * 1000 as ms from (select l at time zone ? as b
             from generate_series(date_trunc(?, ?::timestamptz, ?) at time zone ?, ?::timestamptz at time zone ?, ?::interval) l) s
           where b < ?::timestamptz order by b`,
          [tz, interval, start.toISOString(), tz, tz, end.toISOString(), tz, `1 ${interval}`, end.toISOString()],
        ];
  try {
    // As milliseconds: a date string of years 1–99 would be read back as 19xx or 20xx.
    const rows = await em.execute<{ ms: string | number }[]>(sql, params);
    return rows.map((row) => new Date(Number(row.ms)));
  } catch (error) {
    // A name the schema's check let through but PostgreSQL's time zone database does not know.
    if ((error as { code?: string }).code === '22023')
      throw invalidField(['query', 'timezone'], `Unknown time zone: ${tz}`);
    throw error;
  }
}

/** Whole hours from rollups, the partial hours at either end raw (the whole range raw when it has no whole hour). */
function rollupParts(organizationId: string, meter: QuantityMeter, query: QuantityQuery): SqlFragment[] {
  const firstHour = new Date(Math.ceil(query.start.getTime() / HOUR_MS) * HOUR_MS);
  const lastHour = new Date(Math.floor(query.end.getTime() / HOUR_MS) * HOUR_MS);
  if (firstHour >= lastHour) return [rawPart(organizationId, meter, query, query.start, query.end)];
  const parts = [rollupPart(meter, query.customers, firstHour, lastHour)];
  if (query.start < firstHour) parts.push(rawPart(organizationId, meter, query, query.start, firstHour));
  if (lastHour < query.end) parts.push(rawPart(organizationId, meter, query, lastHour, query.end));
  return parts;
}

function rawPart(
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

function rollupPart(meter: QuantityMeter, customers: QuantityCustomers | null, from: Date, to: Date): SqlFragment {
  const scope = customersSql(customers, 'r');
  return {
    sql: `select r.hour as ts, r.customer_id, r.external_customer_id, r.events, r.numeric_events, r.total, r.minimum, r.maximum, null::jsonb as value
      from meter_rollup r where r.meter_id = ? and r.hour >= ?::timestamptz and r.hour < ?::timestamptz${scope.sql}`,
    params: [meter.id, from.toISOString(), to.toISOString(), ...scope.params],
  };
}

function customersSql(customers: QuantityCustomers | null, alias: string): SqlFragment {
  if (!customers) return { sql: '', params: [] };
  return {
    sql: ` and (${alias}.customer_id = any(?::uuid[]) or (${alias}.customer_id is null and ${alias}.external_customer_id = any(?::text[])))`,
    params: [sqlArray(customers.customerIds), sqlArray(customers.externalCustomerIds)],
  };
}
