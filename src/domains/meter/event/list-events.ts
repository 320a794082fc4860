// The events list: by customer, name, time, ancestry, metadata, a filter or a meter's filter, each event with its
// customer.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventReader } from '../../../adapters/events/event-reader';
import type { EventListQuery } from '../../../contracts/event-list-query';
import type { UserEvent } from '../../../contracts/event';
import type { MeterFilter } from '../../../contracts/meter-filter';
import { paginationOf } from '../../../kernel/pagination';
import type { Page } from '../../../platform/database/owned-repository';
import type { MeterService } from '../meter.service';
import { eventCustomers, type CustomerOutputs } from './event-customers';
import { userEventOutput } from './event.output';

/** `meter_id` names a meter of the organization (archived or not), else 404; its filter applies with `filter`. */
export async function listEvents(
  deps: { reader: EventReader; meters: Pick<MeterService, 'get'>; customers: CustomerOutputs },
  em: EntityManager,
  organizationId: string,
  query: EventListQuery,
): Promise<Page<UserEvent>> {
  const filters: MeterFilter[] = [];
  if (query.filter) filters.push(query.filter);
  if (query.meter_id) filters.push((await deps.meters.get(em, organizationId, query.meter_id)).filter);
  const page = await deps.reader.list(
    em,
    organizationId,
    {
      organizationIds: query.organization_id,
      customerIds: query.customer_id,
      externalCustomerIds: query.external_customer_id,
      names: query.name,
      sources: query.source,
      start: query.start_timestamp ? new Date(query.start_timestamp) : undefined,
      end: query.end_timestamp ? new Date(query.end_timestamp) : undefined,
      parentId: query.parent_id,
      depth: query.depth,
      filters,
      metadata: query.metadata,
      nameContains: query.query,
    },
    query.sorting,
    query,
  );
  const customers = await eventCustomers(deps.customers, em, organizationId, page.items);
  return {
    items: page.items.map((event) =>
      userEventOutput(event, (event.customerId && customers.get(event.customerId)) || null),
    ),
    pagination: paginationOf(page.totalCount, query.limit),
  };
}
