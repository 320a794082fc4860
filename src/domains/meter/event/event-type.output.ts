// Event types and event names as the API shows them, with their counters.
import type { EventTypeStats } from '../../../adapters/events/event-reader';
import type { EventName } from '../../../contracts/event-name';
import type { EventType, EventTypeWithStats } from '../../../contracts/event-type';

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
