// Subscriptions (the reference's Subscription): a customer's recurring purchase, billed each period.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Customer } from './customer';
import { Discount } from './discount';
import { ListResource } from './list-resource';
import { OrderSubscription } from './order-subscription';
import { ProductPrice } from './price';
import { Product } from './product';
import { SubscriptionMeter } from './subscription-meter';

export const PendingSubscriptionUpdate = z.object({
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: Uuid,
  applies_at: Timestamp,
  product_id: Uuid.nullable(),
  seats: z.int32().nullable(),
});

export const Subscription = OrderSubscription.extend({
  custom_field_data: z.record(z.string(), z.union([z.string(), z.int32(), z.boolean(), z.null()])),
  customer: Customer,
  product: Product,
  discount: Discount.nullable(),
  prices: z.array(ProductPrice),
  meters: z.array(SubscriptionMeter),
  pending_update: PendingSubscriptionUpdate.nullable(),
  /** Beyond the reference: the sandbox test clock the subscription follows, if any. */
  test_clock_id: Uuid.nullable(),
}).meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

export const SubscriptionList = ListResource(Subscription).meta({ id: 'ListResource_Subscription_' });
