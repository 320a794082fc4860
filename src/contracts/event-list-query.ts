// The query of the event list: who, which names and sources, when, where in the ancestry, and a meter's filter.
import { z } from 'zod';
import { MetadataQuery } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';
import { EventSource, ExternalCustomerId } from './event';
import { BoundedMeterFilter } from './meter-filter';

/** Ancestry walked by `depth` at most (0 = the anchor or root events only). */
export const MAX_EVENT_DEPTH = 100;

/** `filter`: a meter filter sent as a JSON string, checked as meters check theirs. */
const FilterParam = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The filter must be a JSON object following the meter filter schema' });
      return z.NEVER;
    }
  })
  .pipe(BoundedMeterFilter);

const EventNameParam = z.string().min(1).max(128);
const depth = z
  .string()
  .regex(/^\d+$/, 'Input should be a non-negative integer')
  .transform(Number)
  .pipe(z.int().min(0).max(MAX_EVENT_DEPTH));

export const EVENT_SORT_FIELDS = ['timestamp'] as const;
export type EventSortField = (typeof EVENT_SORT_FIELDS)[number];

export const EventListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(ExternalCustomerId),
  name: queryMany(EventNameParam),
  source: queryMany(EventSource),
  start_timestamp: queryOne(Timestamp.optional()),
  end_timestamp: queryOne(Timestamp.optional()),
  parent_id: queryOne(Uuid.optional()),
  depth: queryOne(depth.optional()),
  filter: queryOne(FilterParam.optional()),
  meter_id: queryOne(Uuid.optional()),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(EVENT_SORT_FIELDS, ['-timestamp']),
  metadata: MetadataQuery,
});
export type EventListQuery = z.infer<typeof EventListQuery>;
