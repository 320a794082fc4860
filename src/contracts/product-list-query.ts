// The query of the product list: ids, organizations, a search, archived or recurring, benefits, visibility, sorting.
import { z } from 'zod';
import { ProductVisibility } from './catalog-common';
import { Uuid } from './common';
import { MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, queryOne, sortingQuery } from './query-params';

export const PRODUCT_SORT_FIELDS = ['created_at', 'name', 'price_amount_type', 'price_amount'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export const ProductListQuery = z.object({
  ...PageQuery,
  id: queryMany(Uuid),
  organization_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  is_archived: queryBoolean,
  is_recurring: queryBoolean,
  benefit_id: queryMany(Uuid),
  visibility: queryMany(ProductVisibility),
  sorting: sortingQuery(PRODUCT_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;
