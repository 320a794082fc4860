// An active subscription as a customer's state shows it, with its meters.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { MetadataOutput } from './metadata';

export const CustomerStateSubscriptionMeter = z.object({
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: Uuid,
  consumed_units: z.number(),
  credited_units: z.int32(),
  amount: z.int32(),
  meter_id: Uuid,
});

export const CustomerStateSubscription = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    custom_field_data: z.record(z.string(), z.unknown()),
    metadata: MetadataOutput,
    status: z.enum(['trialing', 'active', 'past_due']),
    amount: z.int32(),
    currency: z.string(),
    recurring_interval: z.enum(['day', 'week', 'month', 'year']),
    current_period_start: Timestamp,
    current_period_end: Timestamp,
    trial_start: Timestamp.nullable(),
    trial_end: Timestamp.nullable(),
    cancel_at_period_end: z.boolean(),
    canceled_at: Timestamp.nullable(),
    started_at: Timestamp.nullable(),
    ends_at: Timestamp.nullable(),
    product_id: Uuid,
    discount_id: Uuid.nullable(),
    seats: z.int32().nullable(),
    /** Units of a unit-based price; Bursar has no unit-based prices yet, so always null. */
    units: z.int32().nullable(),
    meters: z.array(CustomerStateSubscriptionMeter),
  })
  .meta({ id: 'CustomerStateSubscription' });
export type CustomerStateSubscription = z.infer<typeof CustomerStateSubscription>;
