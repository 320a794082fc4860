// Ingesting usage events: the body (the reference's EventsIngest) and its answer (EventsIngestResponse).
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { EventMetadataInput } from './event-metadata-input';

/** Events per ingestion request. */
export const MAX_EVENTS_PER_BATCH = 1000;

/** A signal's id is stored as its event's external id under this prefix, so no ingested event can take it. */
export const SIGNAL_EXTERNAL_ID_PREFIX = 'signal:';

const eventFields = {
  name: z.string().min(1).max(128),
  timestamp: Timestamp.optional(),
  organization_id: Uuid.nullish(),
  external_id: z
    .string()
    .min(1)
    .max(255)
    .refine((id) => !id.startsWith(SIGNAL_EXTERNAL_ID_PREFIX), {
      message: `External ids starting with "${SIGNAL_EXTERNAL_ID_PREFIX}" are reserved for signals`,
    })
    .nullish(),
  parent_id: z.string().min(1).max(255).nullish(),
  metadata: EventMetadataInput.default({}),
};

export const EventCreateCustomer = z
  .strictObject({ ...eventFields, customer_id: Uuid, member_id: Uuid.nullish() })
  .meta({ id: 'EventCreateCustomer' });
export const EventCreateExternalCustomer = z
  .strictObject({
    ...eventFields,
    external_customer_id: z.string().min(1).max(255),
    external_member_id: z.string().min(1).max(255).nullish(),
  })
  .meta({ id: 'EventCreateExternalCustomer' });
export const EventCreate = z.union([EventCreateCustomer, EventCreateExternalCustomer]);
export type EventCreate = z.infer<typeof EventCreate>;

export const EventsIngest = z
  .object({ events: z.array(EventCreate).min(1).max(MAX_EVENTS_PER_BATCH) })
  .meta({ id: 'EventsIngest' });
export type EventsIngest = z.infer<typeof EventsIngest>;

export const EventsIngestResponse = z
  .object({ inserted: z.int(), duplicates: z.int() })
  .meta({ id: 'EventsIngestResponse' });
