// Usage ingested, rated and invoiced per billed period: each metered order line of a period that ended in the range,
// beside the meter's events of that customer over the period (raw: ingested) and its hourly rollups (rated). One
// statement for every meter (each meter's filter and aggregation is its own SQL, joined by `union all`).
import type { MeterAggregation } from '../../contracts/meter-aggregation';
import type { MeterFilter } from '../../contracts/meter-filter';
import { aggregateSql, isSummable } from '../../adapters/events/meter-aggregation-sql';
import { filterSql } from '../../adapters/events/meter-sql';
import type { Tx } from '../../platform/database/transaction';
import type { UsagePeriod } from './reconciliation.logic';
import type { DayRange } from './reconciliation-range';
import { BILLED_PERIODS } from './billed-periods';

/** The meter's hourly rollups of the customer over the hours the period touches. */
const rated = (column: string) => `(select coalesce(sum(${column}), 0) from meter_rollup r
  where r.meter_id = p.meter_id and r.customer_id = p.customer_id
  and r.hour >= date_trunc('hour', p.period_start) and r.hour < date_trunc('hour', p.period_end))`;

export interface MeterRow {
  id: string;
  filter: MeterFilter;
  aggregation: MeterAggregation;
  rollups_ready_at: Date | null;
}

/** The billed periods of meters that add up (count, sum); others (max, min, avg, unique) have no conservation law. */
export async function readUsage(tx: Tx, organizationId: string, range: DayRange): Promise<UsagePeriod[]> {
  const meters = (
    await tx.em.execute<MeterRow[]>(
      'select id, filter, aggregation, rollups_ready_at from meter where organization_id = ? order by id',
      [organizationId],
    )
  ).filter((m) => isSummable(m.aggregation));
  if (!meters.length) return [];
  const parts: string[] = [];
  const params: unknown[] = [organizationId];
  for (const meter of meters) {
    const filter = filterSql(meter.filter, 'e');
    const aggregate = aggregateSql(meter.aggregation, 'e');
    const events = (from: string, end: string) =>
      `(select ${aggregate.sql} from event e where e.organization_id = ? and e.customer_id = p.customer_id
         and e."timestamp" >= ${from} and e."timestamp" < ${end} and ${filter.sql})`;
    const rolled = meter.aggregation.func === 'count' ? 'r.events' : 'r.total';
    parts.push(`select p.order_id, p.meter_id, p.customer_id, p.consumed as invoiced,
        ${events('p.period_start', 'p.period_end')} as ingested,
        ${events("date_trunc('hour', p.period_start)", "date_trunc('hour', p.period_end)")} as ingested_hours,
        ${meter.rollups_ready_at ? rated(rolled) : 'null::numeric'} as rated
      from period p where p.meter_id = ? and p.period_end >= ? and p.period_end < ?`);
    params.push(
      ...aggregate.params,
      organizationId,
      ...filter.params,
      ...aggregate.params,
      organizationId,
      ...filter.params,
      meter.id,
      range.start,
      range.end,
    );
  }
  const rows = await tx.em.execute<
    {
      order_id: string;
      meter_id: string;
      customer_id: string;
      invoiced: string;
      ingested: string;
      ingested_hours: string;
      rated: string | null;
    }[]
  >(`${BILLED_PERIODS} ${parts.join(' union all ')} order by 1, 2`, params);
  return rows.map((r) => ({
    orderId: r.order_id,
    meterId: r.meter_id,
    customerId: r.customer_id,
    invoiced: Number(r.invoiced),
    ingested: Number(r.ingested),
    ingestedHours: Number(r.ingested_hours),
    rated: r.rated === null ? null : Number(r.rated),
  }));
}
