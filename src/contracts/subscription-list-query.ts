// The query of the subscription list: whose, of which products and discounts, in which state, and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, sortingQuery } from './query-params';
import { CancellationReason, SubscriptionStatus } from './subscription-status';

export const SUBSCRIPTION_SORT_FIELDS = [
  'customer',
  'status',
  'started_at',
  'current_period_end',
  'ended_at',
  'ends_at',
  'amount',
  'product',
  'discount',
] as const;
export const SubscriptionListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string().max(255)),
  discount_id: queryMany(Uuid),
  status: queryMany(SubscriptionStatus),
  active: queryBoolean,
  cancel_at_period_end: queryBoolean,
  customer_cancellation_reason: queryMany(CancellationReason),
  sorting: sortingQuery(SUBSCRIPTION_SORT_FIELDS, ['-started_at']),
  metadata: MetadataQuery,
});
export type SubscriptionListQuery = z.infer<typeof SubscriptionListQuery>;
