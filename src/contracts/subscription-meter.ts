// A metered price's meter on a subscription: consumption, credits and the amount due so far this period.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Meter } from './meter';

export const SubscriptionMeter = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    consumed_units: z.number(),
    credited_units: z.int(),
    amount: z.int(),
    meter_id: Uuid,
    meter: Meter,
  })
  .meta({ id: 'SubscriptionMeter' });
export type SubscriptionMeter = z.infer<typeof SubscriptionMeter>;
