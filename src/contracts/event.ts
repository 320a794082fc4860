// Usage events: the ingestion body and its answer (the reference's EventsIngest, EventsIngestResponse), and what the
// events, event names and event types read back look like.
import { z } from 'zod';
import {
  ListResource,
  MAX_METADATA_KEYS,
  MetadataQuery,
  PageQuery,
  Timestamp,
  Uuid,
  queryBoolean,
  queryMany,
  queryOne,
  sortingQuery,
} from './common';
import { Customer } from './customer';
import { BoundedMeterFilter } from './meter';

/** Events per ingestion request. */
export const MAX_EVENTS_PER_BATCH = 1000;

const EventMetadataValue = z.union([
  z.string().min(1).max(500),
  z.number().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  z.boolean(),
]);

/** `_cost`: what the event cost the merchant, in cents of USD (a decimal). */
const CostMetadata = z.strictObject({
  amount: z.union([z.number().finite(), z.string().regex(/^-?\d{1,15}(\.\d{1,12})?$/, 'A decimal number of cents')]),
  currency: z.literal('usd'),
});

const tokens = z
  .int()
  .min(0)
  .max(2 ** 31 - 1);
/** `_llm`: a language-model call, its tokens countable by meters (`_llm.total_tokens`). */
const LlmMetadata = z.strictObject({
  vendor: z.string().min(1).max(255),
  model: z.string().min(1).max(255),
  prompt: z.string().max(100_000).nullish(),
  response: z.string().max(100_000).nullish(),
  input_tokens: tokens,
  cached_input_tokens: tokens.optional(),
  output_tokens: tokens,
  total_tokens: tokens,
});

const RESERVED_METADATA: Record<string, z.ZodType> = { _cost: CostMetadata, _llm: LlmMetadata };

/** At most 50 keys of 1–40 characters; values a string (1–500), a number or a boolean, or one of the reserved structures. */
export const EventMetadataInput = z
  .record(z.string().min(1).max(40), z.unknown())
  .superRefine((metadata, ctx) => {
    const keys = Object.keys(metadata);
    if (keys.length > MAX_METADATA_KEYS)
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_METADATA_KEYS} keys are allowed` });
    for (const key of keys) {
      const schema = Object.hasOwn(RESERVED_METADATA, key)
        ? RESERVED_METADATA[key]
        : key.startsWith('_')
          ? null
          : EventMetadataValue;
      if (!schema) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'Keys starting with "_" are reserved (only _cost and _llm may be sent)',
        });
        continue;
      }
      const parsed = schema.safeParse(metadata[key]);
      for (const issue of parsed.error?.issues ?? [])
        ctx.addIssue({ ...issue, code: 'custom', path: [key, ...issue.path] } as never);
    }
  })
  .meta({ id: 'EventMetadataInput', maxProperties: MAX_METADATA_KEYS });

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

// Reading events back: the reference's UserEvent, EventName, EventTypeWithStats and their list queries.

export const EventSource = z.enum(['user', 'system']);
export type EventSource = z.infer<typeof EventSource>;

/** `_signal`: set by `POST /v1/signals` only (ingestion refuses it), so meters can tell activities from outcomes. */
export const SignalMetadata = z
  .object({ kind: z.enum(['activity', 'outcome']), agent_id: z.string().nullable() })
  .meta({ id: 'SignalMetadata' });

const CostMetadataOutput = z
  .object({ amount: z.union([z.number(), z.string()]), currency: z.string() })
  .meta({ id: 'CostMetadataOutput' });

export const EventMetadataOutput = z
  .union([LlmMetadata, CostMetadataOutput, SignalMetadata, z.string(), z.number(), z.boolean()])
  .meta({ id: 'EventMetadataOutput' });

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

/** Ancestry walked by `depth` at most (0 = the anchor or root events only). */
export const MAX_EVENT_DEPTH = 100;

/** `filter`: a meter filter sent as a JSON string, checked as meters check theirs. */
const FilterParam = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The filter must be a JSON object following the meter filter schema' });
      return z.NEVER;
    }
  })
  .pipe(BoundedMeterFilter);

const ExternalCustomerId = z.string().min(1).max(255);
const EventNameParam = z.string().min(1).max(128);
const depth = z
  .string()
  .regex(/^\d+$/, 'Input should be a non-negative integer')
  .transform(Number)
  .pipe(z.int().min(0).max(MAX_EVENT_DEPTH));

export const EVENT_SORT_FIELDS = ['timestamp'] as const;
export type EventSortField = (typeof EVENT_SORT_FIELDS)[number];

export const EventListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(ExternalCustomerId),
  name: queryMany(EventNameParam),
  source: queryMany(EventSource),
  start_timestamp: queryOne(Timestamp.optional()),
  end_timestamp: queryOne(Timestamp.optional()),
  parent_id: queryOne(Uuid.optional()),
  depth: queryOne(depth.optional()),
  filter: queryOne(FilterParam.optional()),
  meter_id: queryOne(Uuid.optional()),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(EVENT_SORT_FIELDS, ['-timestamp']),
  metadata: MetadataQuery,
});
export type EventListQuery = z.infer<typeof EventListQuery>;

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

export const EVENT_NAME_SORT_FIELDS = ['name', 'occurrences', 'first_seen', 'last_seen'] as const;
export type EventNameSortField = (typeof EVENT_NAME_SORT_FIELDS)[number];

export const EventNamesQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(ExternalCustomerId),
  source: queryMany(EventSource),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(EVENT_NAME_SORT_FIELDS, ['-last_seen']),
});
export type EventNamesQuery = z.infer<typeof EventNamesQuery>;

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

export const EVENT_TYPE_SORT_FIELDS = ['name', 'label', 'occurrences', 'first_seen', 'last_seen'] as const;
export type EventTypeSortField = (typeof EVENT_TYPE_SORT_FIELDS)[number];

export const EventTypesQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(ExternalCustomerId),
  parent_id: queryOne(Uuid.optional()),
  root_events: queryBoolean.transform((value) => value ?? false),
  source: queryOne(EventSource.optional()),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(EVENT_TYPE_SORT_FIELDS, ['-last_seen']),
});
export type EventTypesQuery = z.infer<typeof EventTypesQuery>;

/** A property path (dotted, into the metadata) whose string value labels each event of the type instead of `label`. */
export const EventTypeUpdate = z
  .object({ label: z.string().trim().min(1).max(128), label_property_selector: z.string().min(1).max(255).nullish() })
  .meta({ id: 'EventTypeUpdate' });
export type EventTypeUpdate = z.infer<typeof EventTypeUpdate>;
