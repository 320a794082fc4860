// The query of the checkout link list: organizations, products and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { PageQuery, queryMany, sortingQuery } from './query-params';

export const CheckoutLinkListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
  sorting: sortingQuery(['created_at', 'label'] as const, ['-created_at']),
});
export type CheckoutLinkListQuery = z.infer<typeof CheckoutLinkListQuery>;
