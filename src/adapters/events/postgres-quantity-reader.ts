// Meter quantities on PostgreSQL. Both paths produce the same partial rows (ts, customer, events, numeric_events,
// total, minimum, maximum, value) and share one final aggregation, so rollups and raw events give identical answers:
// raw events yield one row each; hourly rollups one per customer and hour, read only when they are exact (complete,
// no metadata filter, not `unique`, every bucket boundary on a whole UTC hour), with the partial hours at either end of
// the range read raw. One scan groups by bucket and, through a grouping set, the whole range for the total.
import { sqlArray } from '../../platform/database/sql-array';
import type { Tx } from '../../platform/database/transaction';
import { bucketStarts } from './bucket-starts';
import type {
  AggregationFunction,
  MeterQuantities,
  QuantityMeter,
  QuantityQuery,
  QuantityReader,
} from './quantity-reader';
import { rawPart } from './raw-quantity-part';
import { HOUR_MS, rollupParts } from './rollup-quantity-parts';

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
