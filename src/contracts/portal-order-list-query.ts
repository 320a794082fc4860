// The query of the customer portal's order list: products, billing types, subscriptions, a search and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { ProductBillingType } from './order-list-query';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';

export const CUSTOMER_ORDER_SORT_FIELDS = ['created_at', 'amount', 'net_amount', 'product', 'subscription'] as const;
export const CustomerOrderListQuery = z.object({
  ...PageQuery,
  product_id: queryMany(Uuid),
  product_billing_type: queryMany(ProductBillingType),
  subscription_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_ORDER_SORT_FIELDS, ['-created_at']),
});
export type CustomerOrderListQuery = z.infer<typeof CustomerOrderListQuery>;
