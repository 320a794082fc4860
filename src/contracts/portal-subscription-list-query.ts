// The query of the customer portal's subscription list: active or not, products, a search and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { PageQuery, queryBoolean, queryMany, queryOne, sortingQuery } from './query-params';

export const CUSTOMER_SUBSCRIPTION_SORT_FIELDS = ['started_at', 'amount', 'status', 'organization', 'product'] as const;
export const CustomerSubscriptionListQuery = z.object({
  ...PageQuery,
  active: queryBoolean,
  product_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_SUBSCRIPTION_SORT_FIELDS, ['-started_at']),
});
export type CustomerSubscriptionListQuery = z.infer<typeof CustomerSubscriptionListQuery>;
