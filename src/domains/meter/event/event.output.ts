// Usage events as the API shows them, each labelled by its type (event-type.output.ts: names and types).
import type { ReadEvent } from '../../../adapters/events/event-reader';
import type { Customer } from '../../../contracts/customer';
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
