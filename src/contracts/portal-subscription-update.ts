// What a customer may change of a subscription: cancel (with a reason), uncancel, and if allowed the product or seats.
import { z } from 'zod';
import { Uuid } from './common';
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

/** One kind of change per request; pausing and revoking are not the customer's to do. */
export const CustomerSubscriptionUpdate = z
  .union([CustomerSubscriptionCancel, CustomerSubscriptionUpdateProduct, CustomerSubscriptionUpdateSeats])
  .meta({ id: 'CustomerSubscriptionUpdate' });
export type CustomerSubscriptionUpdate = z.infer<typeof CustomerSubscriptionUpdate>;
