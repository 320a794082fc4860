// What the meter quantities endpoint reads from the events store: a meter's aggregation per calendar bucket of a time
// zone over a range, optionally per customer first. PostgreSQL answers it from hourly rollups where they are exact and
// from raw events otherwise (postgres-quantity-reader.ts); a column store would answer it from its own aggregates.
import type { Tx } from '../../platform/database/transaction';
import type { MeterDefinition } from './event-model';

export const QUANTITY_INTERVALS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type QuantityInterval = (typeof QUANTITY_INTERVALS)[number];

export const AGGREGATION_FUNCTIONS = ['count', 'sum', 'max', 'min', 'avg', 'unique'] as const;
export type AggregationFunction = (typeof AGGREGATION_FUNCTIONS)[number];

/**
 * Which events count: all of them (null), or those of these customers — events carrying one of `customerIds`, and events
 * never attached to a customer (customer_id null) carrying one of `externalCustomerIds`.
 */
export interface QuantityCustomers {
  customerIds: string[];
  externalCustomerIds: string[];
}

export interface QuantityQuery {
  /** Events with start ≤ timestamp < end count. */
  start: Date;
  end: Date;
  interval: QuantityInterval;
  /** IANA name: buckets start at local calendar boundaries (a DST day lasts 23 or 25 hours). */
  timezone: string;
  customers: QuantityCustomers | null;
  /** Top-level metadata keys and the values (as text) one of which the event must carry. */
  metadata: Record<string, string[]>;
  /** Set: the aggregation per customer first, then this function across customers. */
  customerAggregation: AggregationFunction | null;
}

/** A meter as the reader needs it: what it counts, and whether its rollups are complete. */
export interface QuantityMeter extends MeterDefinition {
  rollupsReady: boolean;
}

export interface MeterQuantities {
  /** One point per bucket, the first at the start of `start`'s bucket. */
  quantities: { timestamp: Date; quantity: number }[];
  /** The whole range as one bucket (not the sum of the points, for max, min, avg and unique). */
  total: number;
}

export interface QuantityReader {
  quantities(tx: Tx, organizationId: string, meter: QuantityMeter, query: QuantityQuery): Promise<MeterQuantities>;
}
