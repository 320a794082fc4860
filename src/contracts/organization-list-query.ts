// The query of the organization list: a slug and the sorting.
import { z } from 'zod';
import { PageQuery, queryOne, sortingQuery } from './query-params';

export const OrganizationListQuery = z.object({
  ...PageQuery,
  slug: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(['created_at', 'slug', 'name'] as const, ['created_at']),
});
export type OrganizationListQuery = z.infer<typeof OrganizationListQuery>;
