// The query of a meter's quantities: the range (bounded per interval), time zone, customers and metadata.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { AggregationFunction, TimeInterval } from './meter-quantities';
import { MetadataQuery } from './metadata';
import { queryMany, queryOne } from './query-params';
import { MAX_RANGE } from './meter-quantities-range';
import { TimeZone } from './time-zone';

export const MeterQuantitiesQuery = z
  .object({
    start_timestamp: queryOne(Timestamp),
    end_timestamp: queryOne(Timestamp),
    interval: queryOne(TimeInterval),
    timezone: queryOne(TimeZone.default('UTC')),
    customer_id: queryMany(Uuid),
    external_customer_id: queryMany(z.string().min(1).max(255)),
    metadata: MetadataQuery,
    customer_aggregation_function: queryOne(AggregationFunction.optional()),
  })
  .superRefine((query, ctx) => {
    const start = new Date(query.start_timestamp);
    const end = new Date(query.end_timestamp);
    if (!query.interval || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return;
    if (end <= start) {
      ctx.addIssue({ code: 'custom', path: ['end_timestamp'], message: 'end_timestamp must be after start_timestamp' });
    } else if (end > MAX_RANGE[query.interval].after(start)) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_timestamp'],
        message: `With interval=${query.interval}, the range covers at most ${MAX_RANGE[query.interval].label}`,
      });
    }
  });
export type MeterQuantitiesQuery = z.infer<typeof MeterQuantitiesQuery>;
