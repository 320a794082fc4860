// The query of the meter list: organizations, a search, archived or not, metadata and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, queryOne, sortingQuery } from './query-params';

export const METER_SORT_FIELDS = ['created_at', 'name'] as const;
export type MeterSortField = (typeof METER_SORT_FIELDS)[number];

export const MeterListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  is_archived: queryBoolean,
  sorting: sortingQuery(METER_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type MeterListQuery = z.infer<typeof MeterListQuery>;
