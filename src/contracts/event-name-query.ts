// The query of the event name list: whose events, which source, a search, and the sorting.
import { z } from 'zod';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { Uuid } from './common';
import { EventSource, ExternalCustomerId } from './event';

export const EVENT_NAME_SORT_FIELDS = ['name', 'occurrences', 'first_seen', 'last_seen'] as const;
export type EventNameSortField = (typeof EVENT_NAME_SORT_FIELDS)[number];

export const EventNamesQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(ExternalCustomerId),
  source: queryMany(EventSource),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(EVENT_NAME_SORT_FIELDS, ['-last_seen']),
});
export type EventNamesQuery = z.infer<typeof EventNamesQuery>;
