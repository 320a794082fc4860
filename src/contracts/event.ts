// A usage event as read back (the reference's UserEvent), its list, and the fields the event queries filter by.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { Timestamp, Uuid } from './common';
import { Customer } from './customer';
import { EventMetadataOutput } from './event-metadata-output';

export const EventSource = z.enum(['user', 'system']);
export type EventSource = z.infer<typeof EventSource>;

export const UserEvent = z
  .object({
    id: Uuid,
    timestamp: Timestamp,
    organization_id: Uuid,
    customer_id: Uuid.nullable(),
    customer: Customer.nullable(),
    external_customer_id: z.string().nullable(),
    member_id: Uuid.nullable(),
    external_member_id: z.string().nullable(),
    child_count: z.int(),
    parent_id: Uuid.nullable(),
    label: z.string(),
    name: z.string(),
    source: z.literal('user'),
    metadata: z.record(z.string(), EventMetadataOutput),
  })
  .meta({ id: 'UserEvent' });
export type UserEvent = z.infer<typeof UserEvent>;

export const EventList = ListResource(UserEvent).meta({ id: 'ListResource_Event_' });

export const ExternalCustomerId = z.string().min(1).max(255);
