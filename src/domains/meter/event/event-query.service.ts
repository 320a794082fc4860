// Reading usage events back: the events list (list-events.ts), one event, event names and event types with their
// counters (event-types.queries.ts), and an event type's label.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventReader } from '../../../adapters/events/event-reader';
import type { EventListQuery } from '../../../contracts/event-list-query';
import type { EventName } from '../../../contracts/event-name';
import type { EventNamesQuery } from '../../../contracts/event-name-query';
import type { EventType, EventTypeUpdate, EventTypeWithStats } from '../../../contracts/event-type';
import type { EventTypesQuery } from '../../../contracts/event-type-query';
import type { UserEvent } from '../../../contracts/event';
import type { Clock } from '../../../kernel/clock';
import { ResourceNotFound } from '../../../kernel/errors';
import type { Page } from '../../../platform/database/owned-repository';
import type { MeterService } from '../meter.service';
import { eventCustomers, type CustomerOutputs } from './event-customers';
import { eventNames, eventTypes } from './event-types.queries';
import { eventTypeOutput } from './event-type.output';
import { userEventOutput } from './event.output';
import { listEvents } from './list-events';

export interface EventQueryDeps {
  reader: EventReader;
  clock: Clock;
  meters: Pick<MeterService, 'get'>;
  /** Customers as the API shows them (deleted ones too: their events stay). */
  customers: CustomerOutputs;
}

export class EventQueryService {
  constructor(private readonly deps: EventQueryDeps) {}

  /** `meter_id` names a meter of the organization (archived or not), else 404; its filter applies with `filter`. */
  list(em: EntityManager, organizationId: string, query: EventListQuery): Promise<Page<UserEvent>> {
    return listEvents(this.deps, em, organizationId, query);
  }

  /** One of the organization's events; another organization's is 404. */
  async get(em: EntityManager, organizationId: string, id: string): Promise<UserEvent> {
    const event = await this.deps.reader.get(em, organizationId, id);
    if (!event) throw new ResourceNotFound('Event not found.');
    const customers = await eventCustomers(this.deps.customers, em, organizationId, [event]);
    return userEventOutput(event, (event.customerId && customers.get(event.customerId)) || null);
  }

  names(em: EntityManager, organizationId: string, query: EventNamesQuery): Promise<Page<EventName>> {
    return eventNames(this.deps.reader, em, organizationId, query);
  }

  types(em: EntityManager, organizationId: string, query: EventTypesQuery): Promise<Page<EventTypeWithStats>> {
    return eventTypes(this.deps.reader, em, organizationId, query);
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
}
