// The query of the customer list: organizations, an email, a search, metadata and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { MetadataQuery } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';

export const CUSTOMER_SORT_FIELDS = ['created_at', 'email', 'name'] as const;
export const CustomerListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  email: queryOne(z.string().max(320).optional()),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;
