// The partial rows of a meter's quantities read from its hourly rollups: the whole hours of the range, with the
// partial hours at either end read raw.
import type { SqlFragment } from './sql-fragment';
import type { QuantityCustomers, QuantityMeter, QuantityQuery } from './quantity-reader';
import { customersSql, rawPart } from './raw-quantity-part';

export const HOUR_MS = 3_600_000;

/** Whole hours from rollups, the partial hours at either end raw (the whole range raw when it has no whole hour). */
export function rollupParts(organizationId: string, meter: QuantityMeter, query: QuantityQuery): SqlFragment[] {
  const firstHour = new Date(Math.ceil(query.start.getTime() / HOUR_MS) * HOUR_MS);
  const lastHour = new Date(Math.floor(query.end.getTime() / HOUR_MS) * HOUR_MS);
  if (firstHour >= lastHour) return [rawPart(organizationId, meter, query, query.start, query.end)];
  const parts = [rollupPart(meter, query.customers, firstHour, lastHour)];
  if (query.start < firstHour) parts.push(rawPart(organizationId, meter, query, query.start, firstHour));
  if (lastHour < query.end) parts.push(rawPart(organizationId, meter, query, lastHour, query.end));
  return parts;
}

function rollupPart(meter: QuantityMeter, customers: QuantityCustomers | null, from: Date, to: Date): SqlFragment {
  const scope = customersSql(customers, 'r');
  return {
    sql: `select r.hour as ts, r.customer_id, r.external_customer_id, r.events, r.numeric_events, r.total, r.minimum, r.maximum, null::jsonb as value
      from meter_rollup r where r.meter_id = ? and r.hour >= ?::timestamptz and r.hour < ?::timestamptz${scope.sql}`,
    params: [meter.id, from.toISOString(), to.toISOString(), ...scope.params],
  };
}
