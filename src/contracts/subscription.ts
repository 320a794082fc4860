// Subscriptions (the reference's Subscription): a customer's recurring purchase, billed each period.
import { z } from 'zod';
import { RecurringInterval } from './catalog-common';
import { ListResource } from './list-resource';
import { MetadataOutput, MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';
import { Customer } from './customer';
import { Discount } from './discount';
import { Meter } from './meter';
import { ProductPrice } from './price';
import { Product } from './product';

/** A metered price's meter on a subscription: consumption, credits and the amount due so far this period. */
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

export const SubscriptionStatus = z.enum([
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
]);
export const CancellationReason = z.enum([
  'customer_service',
  'low_quality',
  'missing_features',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
  'other',
]);
/** `reset` exists in the reference behind a feature flag; Bursar offers the three public behaviours. */
export const ProrationBehavior = z.enum(['invoice', 'prorate', 'next_period']);
export type ProrationBehavior = z.infer<typeof ProrationBehavior>;

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

/**
 * The reference's SubscriptionUpdate union, told apart by its keys: a cancel (`cancel_at_period_end`), a revoke
 * (`revoke`), a seat change (`seats`), a product or discount change (`product_id`, `discount_id`), or clearing a
 * scheduled change (`pending_update: null`). Pause, resume, trial and billing-period changes are refused (422).
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
  })
  .strict()
  .meta({ id: 'SubscriptionUpdate' });
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdate>;
