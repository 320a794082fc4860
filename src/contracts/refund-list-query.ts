// The query of the refund list: whose refunds, of which orders and subscriptions, succeeded or not, and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, sortingQuery } from './query-params';

export const REFUND_SORT_FIELDS = ['created_at', 'amount'] as const;
export const RefundListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  id: queryMany(Uuid),
  order_id: queryMany(Uuid),
  subscription_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string().max(255)),
  succeeded: queryBoolean,
  sorting: sortingQuery(REFUND_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type RefundListQuery = z.infer<typeof RefundListQuery>;
