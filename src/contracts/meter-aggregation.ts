// How a meter aggregates the events it counts: a count, unique values, or a sum, max, min or average of a property.
import { z } from 'zod';

const property = z.string().min(1).max(255);
export const MeterAggregation = z
  .discriminatedUnion('func', [
    z.object({ func: z.literal('count') }),
    z.object({ func: z.literal('unique'), property }),
    z.object({ func: z.enum(['sum', 'max', 'min', 'avg']), property }),
  ])
  .meta({ id: 'MeterAggregation' });
export type MeterAggregation = z.infer<typeof MeterAggregation>;
