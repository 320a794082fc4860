// What a customer may change of a subscription: cancel (with a reason), uncancel, and if allowed the product or seats,
// or pause and resume it.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { CancellationReason } from './subscription-status';

export const CustomerSubscriptionCancel = z
  .object({
    cancel_at_period_end: z.boolean(),
    cancellation_reason: CancellationReason.nullish(),
    cancellation_comment: z.string().max(5000).nullish(),
  })
  .strict()
  .meta({ id: 'CustomerSubscriptionCancel' });

export const CustomerSubscriptionUpdateProduct = z
  .object({ product_id: Uuid })
  .strict()
  .meta({ id: 'CustomerSubscriptionUpdateProduct' });

export const CustomerSubscriptionUpdateSeats = z
  .object({ seats: z.int32().min(1).max(1000) })
  .strict()
  .meta({ id: 'CustomerSubscriptionUpdateSeats' });

/** Pause at the period's end (`resumes_at`: when it resumes by itself), or cancel a pause set for it (false). */
export const CustomerSubscriptionPause = z
  .object({ pause_at_period_end: z.boolean(), resumes_at: Timestamp.nullish() })
  .strict()
  .meta({ id: 'CustomerSubscriptionPause' });

/** Resume a paused subscription now: a new period starts and is charged. */
export const CustomerSubscriptionResume = z
  .object({ resume: z.literal(true) })
  .strict()
  .meta({ id: 'CustomerSubscriptionResume' });

/** One kind of change per request; revoking is not the customer's to do, pausing only where the organization allows. */
export const CustomerSubscriptionUpdate = z
  .union([
    CustomerSubscriptionCancel,
    CustomerSubscriptionUpdateProduct,
    CustomerSubscriptionUpdateSeats,
    CustomerSubscriptionPause,
    CustomerSubscriptionResume,
  ])
  .meta({ id: 'CustomerSubscriptionUpdate' });
export type CustomerSubscriptionUpdate = z.infer<typeof CustomerSubscriptionUpdate>;
