// Events, event names and event types as the API shows them.
import type { ReadEvent, EventTypeStats } from '../../../adapters/events/event-reader';
import type { Customer } from '../../../contracts/customer';
import type { EventName } from '../../../contracts/event-name';
import type { EventType, EventTypeWithStats } from '../../../contracts/event-type';
import type { UserEvent } from '../../../contracts/event';

/** The event's label: the value its type's `label_property_selector` points at in its metadata, else the type's label. */
export function eventLabel(typeLabel: string, selector: string | null, metadata: Record<string, unknown>): string {
  if (!selector) return typeLabel;
  const path = (selector.startsWith('metadata.') ? selector.slice('metadata.'.length) : selector).split('.');
  let value: unknown = metadata;
  for (const key of path)
    value =
      value !== null && typeof value === 'object' && Object.hasOwn(value, key)
        ? (value as Record<string, unknown>)[key]
        : undefined;
  if (typeof value === 'string' && value.length) return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeLabel;
}

export function userEventOutput(event: ReadEvent, customer: Customer | null): UserEvent {
  return {
    id: event.id,
    timestamp: event.timestamp.toISOString(),
    organization_id: event.organizationId,
    customer_id: event.customerId,
    customer,
    external_customer_id: event.externalCustomerId,
    member_id: event.memberId,
    external_member_id: event.externalMemberId,
    child_count: event.childCount,
    parent_id: event.parentId,
    label: eventLabel(event.typeLabel, event.labelPropertySelector, event.metadata),
    name: event.name,
    source: 'user',
    metadata: event.metadata as UserEvent['metadata'],
  };
}

export function eventTypeOutput(type: EventTypeStats, organizationId: string): EventType {
  return {
    id: type.id,
    created_at: type.createdAt.toISOString(),
    modified_at: type.modifiedAt?.toISOString() ?? null,
    name: type.name,
    label: type.label,
    label_property_selector: type.labelPropertySelector,
    organization_id: organizationId,
  };
}

export function eventTypeWithStatsOutput(type: EventTypeStats, organizationId: string): EventTypeWithStats {
  return {
    ...eventTypeOutput(type, organizationId),
    source: type.source,
    occurrences: type.occurrences,
    first_seen: type.firstSeen.toISOString(),
    last_seen: type.lastSeen.toISOString(),
  };
}

export function eventNameOutput(type: EventTypeStats): EventName {
  return {
    name: type.name,
    label: type.label,
    source: type.source,
    occurrences: type.occurrences,
    first_seen: type.firstSeen.toISOString(),
    last_seen: type.lastSeen.toISOString(),
  };
}
