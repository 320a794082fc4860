// Reading usage events back: the events list (by customer, name, time, ancestry, metadata, a filter or a meter's
// filter), one event, event names and event types with their counters, and an event type's label.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventReader } from '../../../adapters/events/event-reader';
import type { Customer } from '../../../contracts/customer';
import type { EventListQuery } from '../../../contracts/event-list-query';
import type { EventName } from '../../../contracts/event-name';
import type { EventNamesQuery } from '../../../contracts/event-name-query';
import type { EventType, EventTypeUpdate, EventTypeWithStats } from '../../../contracts/event-type';
import type { EventTypesQuery } from '../../../contracts/event-type-query';
import type { UserEvent } from '../../../contracts/event';
import type { MeterFilter } from '../../../contracts/meter-filter';
import type { Clock } from '../../../kernel/clock';
import { ResourceNotFound } from '../../../kernel/errors';
import { paginationOf } from '../../../kernel/pagination';
import type { Page } from '../../../platform/database/owned-repository';
import type { MeterService } from '../meter.service';
import { eventNameOutput, eventTypeOutput, eventTypeWithStatsOutput, userEventOutput } from './event.output';

export interface EventQueryDeps {
  reader: EventReader;
  clock: Clock;
  meters: Pick<MeterService, 'get'>;
  /** Customers as the API shows them (deleted ones too: their events stay). */
  customers: { outputs(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Customer[]> };
}

export class EventQueryService {
  constructor(private readonly deps: EventQueryDeps) {}

  /** `meter_id` names a meter of the organization (archived or not), else 404; its filter applies with `filter`. */
  async list(em: EntityManager, organizationId: string, query: EventListQuery): Promise<Page<UserEvent>> {
    const filters: MeterFilter[] = [];
    if (query.filter) filters.push(query.filter);
    if (query.meter_id) filters.push((await this.deps.meters.get(em, organizationId, query.meter_id)).filter);
    const page = await this.deps.reader.list(
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
    const customers = await this.customersOf(em, organizationId, page.items);
    return {
      items: page.items.map((event) =>
        userEventOutput(event, (event.customerId && customers.get(event.customerId)) || null),
      ),
      pagination: paginationOf(page.totalCount, query.limit),
    };
  }

  /** One of the organization's events; another organization's is 404. */
  async get(em: EntityManager, organizationId: string, id: string): Promise<UserEvent> {
    const event = await this.deps.reader.get(em, organizationId, id);
    if (!event) throw new ResourceNotFound('Event not found.');
    const customers = await this.customersOf(em, organizationId, [event]);
    return userEventOutput(event, (event.customerId && customers.get(event.customerId)) || null);
  }

  async names(em: EntityManager, organizationId: string, query: EventNamesQuery): Promise<Page<EventName>> {
    const page = await this.deps.reader.types(
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

  async types(em: EntityManager, organizationId: string, query: EventTypesQuery): Promise<Page<EventTypeWithStats>> {
    const page = await this.deps.reader.types(
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

  /** `PATCH /v1/event-types/{id}`: the label, and the metadata path that labels each event when set (null clears it). */
  async updateType(em: EntityManager, organizationId: string, id: string, body: EventTypeUpdate): Promise<EventType> {
    const type = await this.deps.reader.relabelType(
      em,
      organizationId,
      id,
      { label: body.label, labelPropertySelector: body.label_property_selector },
      this.deps.clock.now(),
    );
    if (!type) throw new ResourceNotFound('Event type not found.');
    return eventTypeOutput(type, organizationId);
  }

  private async customersOf(
    em: EntityManager,
    organizationId: string,
    events: { customerId: string | null }[],
  ): Promise<Map<string, Customer>> {
    const ids = [...new Set(events.flatMap((event) => (event.customerId ? [event.customerId] : [])))];
    const found = ids.length ? await this.deps.customers.outputs(em, organizationId, ids) : [];
    return new Map(found.map((customer) => [customer.id, customer]));
  }
}
