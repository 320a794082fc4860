// The query of the custom field list: organizations, a search, types, metadata and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { CUSTOM_FIELD_TYPES } from './custom-field-properties';
import { MetadataQuery } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';

export const CUSTOM_FIELD_SORT_FIELDS = ['created_at', 'slug', 'name', 'type'] as const;
export const CustomFieldListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  type: queryMany(z.enum(CUSTOM_FIELD_TYPES)),
  sorting: sortingQuery(CUSTOM_FIELD_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type CustomFieldListQuery = z.infer<typeof CustomFieldListQuery>;
