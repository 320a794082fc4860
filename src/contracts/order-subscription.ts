// The fields of a subscription an order embeds (the reference's OrderSubscription), which the subscription extends.
import { z } from 'zod';
import { RecurringInterval } from './catalog-common';
import { Timestamp, Uuid } from './common';
import { MetadataOutput } from './metadata';
import { CancellationReason, SubscriptionStatus } from './subscription-status';

/** The fields an order embeds (the reference's OrderSubscription). */
export const OrderSubscription = z
  .object({
    metadata: MetadataOutput,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    amount: z.int32(),
    currency: z.string(),
    recurring_interval: RecurringInterval,
    recurring_interval_count: z.int32(),
    status: SubscriptionStatus,
    current_period_start: Timestamp,
    current_period_end: Timestamp,
    current_meter_period_start: Timestamp.nullable(),
    current_meter_period_end: Timestamp.nullable(),
    trial_start: Timestamp.nullable(),
    trial_end: Timestamp.nullable(),
    cancel_at_period_end: z.boolean(),
    canceled_at: Timestamp.nullable(),
    started_at: Timestamp.nullable(),
    ends_at: Timestamp.nullable(),
    ended_at: Timestamp.nullable(),
    past_due_at: Timestamp.nullable(),
    pause_at_period_end: z.boolean(),
    paused_at: Timestamp.nullable(),
    resumes_at: Timestamp.nullable(),
    customer_id: Uuid,
    product_id: Uuid,
    discount_id: Uuid.nullable(),
    checkout_id: Uuid.nullable(),
    seats: z.int32().nullable(),
    /** Units of a unit-based price; Bursar has no unit-based prices yet, so always null. */
    units: z.int32().nullable(),
    customer_cancellation_reason: CancellationReason.nullable(),
    customer_cancellation_comment: z.string().nullable(),
  })
  .meta({ id: 'OrderSubscription' });
export type OrderSubscription = z.infer<typeof OrderSubscription>;
