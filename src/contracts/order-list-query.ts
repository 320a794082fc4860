// The query of the order list (whose orders, of what, and the sorting) and of the order export.
import { z } from 'zod';
import { Uuid } from './common';
import { MetadataQuery } from './metadata';
import { PageQuery, queryMany, sortingQuery } from './query-params';

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
export const OrderListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
  product_billing_type: queryMany(ProductBillingType),
  discount_id: queryMany(Uuid),
  subscription_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string().min(1).max(255)),
  checkout_id: queryMany(Uuid),
  sorting: sortingQuery(ORDER_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderExportQuery = z.object({
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
});
export type OrderExportQuery = z.infer<typeof OrderExportQuery>;
