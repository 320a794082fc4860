// The query of the event type list: whose events, which parent or root events, which source, and the sorting.
import { z } from 'zod';
import { PageQuery, queryBoolean, queryMany, queryOne, sortingQuery } from './query-params';
import { Uuid } from './common';
import { EventSource, ExternalCustomerId } from './event';

export const EVENT_TYPE_SORT_FIELDS = ['name', 'label', 'occurrences', 'first_seen', 'last_seen'] as const;
export type EventTypeSortField = (typeof EVENT_TYPE_SORT_FIELDS)[number];

export const EventTypesQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(ExternalCustomerId),
  parent_id: queryOne(Uuid.optional()),
  root_events: queryBoolean.transform((value) => value ?? false),
  source: queryOne(EventSource.optional()),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(EVENT_TYPE_SORT_FIELDS, ['-last_seen']),
});
export type EventTypesQuery = z.infer<typeof EventTypesQuery>;
