// The event names seen (the reference's EventName, with their occurrences) and their list.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { Timestamp } from './common';
import { EventSource } from './event';

export const EventName = z
  .object({
    name: z.string(),
    label: z.string(),
    source: EventSource,
    occurrences: z.int(),
    first_seen: Timestamp,
    last_seen: Timestamp,
  })
  .meta({ id: 'EventName' });
export type EventName = z.infer<typeof EventName>;
export const EventNameList = ListResource(EventName).meta({ id: 'ListResource_EventName_' });
