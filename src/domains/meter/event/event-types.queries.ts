// The organization's event names and event types, each with its counters, filtered and paged.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventReader } from '../../../adapters/events/event-reader';
import type { EventName } from '../../../contracts/event-name';
import type { EventNamesQuery } from '../../../contracts/event-name-query';
import type { EventTypesQuery } from '../../../contracts/event-type-query';
import type { EventTypeWithStats } from '../../../contracts/event-type';
import { paginationOf } from '../../../kernel/pagination';
import type { Page } from '../../../platform/database/owned-repository';
import { eventNameOutput, eventTypeWithStatsOutput } from './event-type.output';

export async function eventNames(
  reader: EventReader,
  em: EntityManager,
  organizationId: string,
  query: EventNamesQuery,
): Promise<Page<EventName>> {
  const page = await reader.types(
    em,
    organizationId,
    {
      organizationIds: query.organization_id,
      customerIds: query.customer_id,
      externalCustomerIds: query.external_customer_id,
      sources: query.source,
      nameOrLabelContains: query.query,
    },
    query.sorting,
    query,
  );
  return { items: page.items.map(eventNameOutput), pagination: paginationOf(page.totalCount, query.limit) };
}

export async function eventTypes(
  reader: EventReader,
  em: EntityManager,
  organizationId: string,
  query: EventTypesQuery,
): Promise<Page<EventTypeWithStats>> {
  const page = await reader.types(
    em,
    organizationId,
    {
      organizationIds: query.organization_id,
      customerIds: query.customer_id,
      externalCustomerIds: query.external_customer_id,
      sources: query.source ? [query.source] : undefined,
      parentId: query.parent_id,
      rootEvents: query.root_events,
      nameOrLabelContains: query.query,
    },
    query.sorting,
    query,
  );
  return {
    items: page.items.map((type) => eventTypeWithStatsOutput(type, organizationId)),
    pagination: paginationOf(page.totalCount, query.limit),
  };
}
