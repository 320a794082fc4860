// The customer portal's subscriptions (the reference's CustomerSubscription) and what a customer may change of them:
// cancel at period end with a reason, uncancel, and — when the organization allows it — the product or the seats.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { PageQuery, queryBoolean, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';
import { CustomerStateSubscriptionMeter } from './customer-state-subscription';
import { customerProduct } from './portal-product';
import { ProductPrice } from './price';
import { CancellationReason } from './subscription-status';
import { OrderSubscription } from './order-subscription';
import { PendingSubscriptionUpdate } from './subscription';

export const CustomerSubscriptionProduct = customerProduct('CustomerSubscriptionProduct');

export const CustomerSubscriptionMeter = CustomerStateSubscriptionMeter.extend({
  meter: z.object({ created_at: Timestamp, modified_at: Timestamp.nullable(), id: Uuid, name: z.string() }),
}).meta({ id: 'CustomerSubscriptionMeter' });

export const CustomerSubscription = OrderSubscription.omit({ metadata: true })
  .extend({
    product: CustomerSubscriptionProduct,
    prices: z.array(ProductPrice),
    meters: z.array(CustomerSubscriptionMeter),
    pending_update: PendingSubscriptionUpdate.nullable(),
  })
  .meta({ id: 'CustomerSubscription' });
export type CustomerSubscription = z.infer<typeof CustomerSubscription>;

export const CustomerSubscriptionList = ListResource(CustomerSubscription).meta({
  id: 'ListResource_CustomerSubscription_',
});

export const CUSTOMER_SUBSCRIPTION_SORT_FIELDS = ['started_at', 'amount', 'status', 'organization', 'product'] as const;
export const CustomerSubscriptionListQuery = z.object({
  ...PageQuery,
  active: queryBoolean,
  product_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_SUBSCRIPTION_SORT_FIELDS, ['-started_at']),
});
export type CustomerSubscriptionListQuery = z.infer<typeof CustomerSubscriptionListQuery>;

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
