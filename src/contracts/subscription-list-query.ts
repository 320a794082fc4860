// The query of the subscription list: whose, of which products and discounts, in which state, and the sorting.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, queryOne, sortingQuery } from './query-params';
import { CancellationReason, SubscriptionStatus } from './subscription-status';
import { TimeZone } from './time-zone';

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
/** The list's filters, which the CSV export takes too. */
const SubscriptionFilters = {
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string().max(255)),
  discount_id: queryMany(Uuid),
  status: queryMany(SubscriptionStatus),
  active: queryBoolean,
  cancel_at_period_end: queryBoolean,
  customer_cancellation_reason: queryMany(CancellationReason),
  started_after: queryOne(Timestamp.optional()),
  started_before: queryOne(Timestamp.optional()),
  canceled_at_after: queryOne(Timestamp.optional()),
  canceled_at_before: queryOne(Timestamp.optional()),
  metadata: MetadataQuery,
};
export const SubscriptionListQuery = z.object({
  ...PageQuery,
  ...SubscriptionFilters,
  sorting: sortingQuery(SUBSCRIPTION_SORT_FIELDS, ['-started_at']),
});
export type SubscriptionListQuery = z.infer<typeof SubscriptionListQuery>;
export type SubscriptionFilters = Omit<SubscriptionListQuery, 'page' | 'limit' | 'sorting'>;

/** The reference's columns (`SubscriptionExportColumn`) after Bursar's four ids. */
export const SUBSCRIPTION_EXPORT_COLUMNS = [
  'id',
  'customer_id',
  'customer_external_id',
  'product_id',
  'email',
  'started_at',
  'product',
  'amount',
  'currency',
  'status',
  'recurring_interval',
  'customer_name',
  'billing_name',
  'billing_country',
  'net_amount',
  'discount',
  'seats',
  'current_period_start',
  'current_period_end',
  'cancel_at_period_end',
  'canceled_at',
  'ends_at',
  'ended_at',
  'cancellation_reason',
  'trial_start',
  'trial_end',
] as const;
export type SubscriptionExportColumn = (typeof SUBSCRIPTION_EXPORT_COLUMNS)[number];

/** The CSV export: the list's filters, the time zone its dates are written in, and which columns. */
export const SubscriptionExportQuery = z.object({
  ...SubscriptionFilters,
  timezone: queryOne(TimeZone.default('UTC')),
  columns: queryMany(z.enum(SUBSCRIPTION_EXPORT_COLUMNS)),
});
export type SubscriptionExportQuery = z.infer<typeof SubscriptionExportQuery>;
