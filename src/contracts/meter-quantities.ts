// A meter's quantities over time, and the intervals and aggregation functions they are asked for with.
import { z } from 'zod';
import { Timestamp } from './common';

export const TimeInterval = z.enum(['hour', 'day', 'week', 'month', 'year']).meta({ id: 'TimeInterval' });
export type TimeInterval = z.infer<typeof TimeInterval>;

export const AggregationFunction = z
  .enum(['count', 'sum', 'max', 'min', 'avg', 'unique'])
  .meta({ id: 'AggregationFunction' });
export type AggregationFunction = z.infer<typeof AggregationFunction>;

export const MeterQuantity = z
  .object({
    timestamp: Timestamp.describe('The timestamp for the current period.'),
    quantity: z.number().describe('The quantity for the current period.'),
  })
  .meta({ id: 'MeterQuantity' });
export type MeterQuantity = z.infer<typeof MeterQuantity>;

export const MeterQuantities = z
  .object({
    quantities: z.array(MeterQuantity),
    total: z.number().describe('The total quantity for the period.'),
  })
  .meta({ id: 'MeterQuantities' });
export type MeterQuantities = z.infer<typeof MeterQuantities>;
