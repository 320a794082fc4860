// Event types (the reference's EventTypeWithStats): one, their list, and the update of their label.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { Timestamp, Uuid } from './common';
import { EventSource } from './event';

export const EventType = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    name: z.string(),
    label: z.string(),
    label_property_selector: z.string().nullable(),
    organization_id: Uuid,
  })
  .meta({ id: 'EventType' });
export type EventType = z.infer<typeof EventType>;

export const EventTypeWithStats = EventType.extend({
  source: EventSource,
  occurrences: z.int(),
  first_seen: Timestamp,
  last_seen: Timestamp,
}).meta({
  id: 'EventTypeWithStats',
});
export type EventTypeWithStats = z.infer<typeof EventTypeWithStats>;
export const EventTypeList = ListResource(EventTypeWithStats).meta({ id: 'ListResource_EventTypeWithStats_' });

/** A property path (dotted, into the metadata) whose string value labels each event of the type instead of `label`. */
export const EventTypeUpdate = z
  .object({ label: z.string().trim().min(1).max(128), label_property_selector: z.string().min(1).max(255).nullish() })
  .meta({ id: 'EventTypeUpdate' });
export type EventTypeUpdate = z.infer<typeof EventTypeUpdate>;
