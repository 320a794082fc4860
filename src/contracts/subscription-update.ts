// What a subscription is changed with (the reference's SubscriptionUpdate union, told apart by its keys).
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ProrationBehavior } from './proration-behavior';
import { CancellationReason } from './subscription-status';

/**
 * The reference's SubscriptionUpdate union, told apart by its keys: a cancel (`cancel_at_period_end`), a revoke
 * (`revoke`), a seat change (`seats`), a product or discount change (`product_id`, `discount_id`), or clearing a
 * scheduled change (`pending_update: null`), a pause (`pause_at_period_end`, with `resumes_at`) or a resume
 * (`resume: true`). Beyond the reference: `pause_now: true` pauses at once, and `resumes_at` alone sets when a paused
 * (or pausing) subscription resumes by itself (null: only when resumed). Trial and billing-period changes are refused
 * (422).
 */
export const SubscriptionUpdate = z
  .object({
    cancel_at_period_end: z.boolean().optional(),
    revoke: z.literal(true).optional(),
    customer_cancellation_reason: CancellationReason.nullish(),
    customer_cancellation_comment: z.string().max(5000).nullish(),
    product_id: Uuid.nullish(),
    discount_id: Uuid.nullish(),
    seats: z.int32().min(1).max(1000).optional(),
    proration_behavior: ProrationBehavior.nullish(),
    pending_update: z.null().optional(),
    pause_at_period_end: z.boolean().optional(),
    pause_now: z.literal(true).optional(),
    resumes_at: Timestamp.nullish(),
    resume: z.literal(true).optional(),
  })
  .strict()
  .meta({ id: 'SubscriptionUpdate' });
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdate>;
