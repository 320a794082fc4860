// The query of the discount list: organizations, a search and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';

export const DISCOUNT_SORT_FIELDS = ['created_at', 'name', 'code', 'redemptions_count', 'ends_at'] as const;
export const DiscountListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(DISCOUNT_SORT_FIELDS, ['-created_at']),
});
export type DiscountListQuery = z.infer<typeof DiscountListQuery>;
