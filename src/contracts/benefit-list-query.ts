// The query of the benefit list: organizations, ids to take or leave out, types, a search, metadata and the sorting.
import { z } from 'zod';
import { BENEFIT_TYPES, EXTERNAL_BENEFIT_TYPES } from './benefit-type';
import { Uuid } from './common';
import { MetadataQuery } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';

export const BENEFIT_SORT_FIELDS = ['created_at', 'description', 'type', 'user_order'] as const;
export const BenefitListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  id: queryMany(Uuid),
  exclude_id: queryMany(Uuid),
  type: queryMany(
    z.enum([...BENEFIT_TYPES, ...(Object.keys(EXTERNAL_BENEFIT_TYPES) as (keyof typeof EXTERNAL_BENEFIT_TYPES)[])]),
  ),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(BENEFIT_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type BenefitListQuery = z.infer<typeof BenefitListQuery>;
