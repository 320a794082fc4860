// The query of the order list (whose orders, of what, and the sorting) and of the order export.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { MetadataQuery } from './metadata';
import { OrderStatus } from './order-status';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { TimeZone } from './time-zone';

export const ORDER_SORT_FIELDS = [
  'created_at',
  'status',
  'invoice_number',
  'amount',
  'net_amount',
  'customer',
  'product',
  'discount',
  'subscription',
] as const;
export const ProductBillingType = z.enum(['one_time', 'recurring']);
/** The list's filters, which the CSV export takes too. */
const OrderFilters = {
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
  product_billing_type: queryMany(ProductBillingType),
  discount_id: queryMany(Uuid),
  subscription_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string().min(1).max(255)),
  checkout_id: queryMany(Uuid),
  metadata: MetadataQuery,
};
export const OrderListQuery = z.object({
  ...PageQuery,
  ...OrderFilters,
  sorting: sortingQuery(ORDER_SORT_FIELDS, ['-created_at']),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** The reference's columns (`OrderExportColumn`) with Bursar's ids and document numbers. */
export const ORDER_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'status',
  'billing_reason',
  'invoice_number',
  'receipt_number',
  'email',
  'customer_name',
  'customer_external_id',
  'billing_name',
  'billing_country',
  'product',
  'currency',
  'subtotal_amount',
  'discount_amount',
  'net_amount',
  'tax_amount',
  'total_amount',
  'refunded_amount',
  'refunded_tax_amount',
] as const;
export type OrderExportColumn = (typeof ORDER_EXPORT_COLUMNS)[number];

/** The CSV export: the list's filters and the reference's (status, creation dates), time zone and columns. */
export const OrderExportQuery = z.object({
  ...OrderFilters,
  status: queryMany(OrderStatus),
  created_after: queryOne(Timestamp.optional()),
  created_before: queryOne(Timestamp.optional()),
  timezone: queryOne(TimeZone.default('UTC')),
  columns: queryMany(z.enum(ORDER_EXPORT_COLUMNS)),
});
export type OrderExportQuery = z.infer<typeof OrderExportQuery>;
