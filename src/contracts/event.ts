// Usage events: the ingestion body and its answer (the reference's EventsIngest, EventsIngestResponse).
import { z } from 'zod';
import { MAX_METADATA_KEYS, Timestamp, Uuid } from './common';

/** Events per ingestion request. */
export const MAX_EVENTS_PER_BATCH = 1000;

const EventMetadataValue = z.union([z.string().min(1).max(500), z.number().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), z.boolean()]);

/** `_cost`: what the event cost the merchant, in cents of USD (a decimal). */
const CostMetadata = z.strictObject({
  amount: z.union([z.number().finite(), z.string().regex(/^-?\d{1,15}(\.\d{1,12})?$/, 'A decimal number of cents')]),
  currency: z.literal('usd'),
});

const tokens = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
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
    if (keys.length > MAX_METADATA_KEYS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_METADATA_KEYS} keys are allowed` });
    for (const key of keys) {
      const schema = RESERVED_METADATA[key] ?? (key.startsWith('_') ? null : EventMetadataValue);
      if (!schema) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'Keys starting with "_" are reserved (only _cost and _llm may be sent)' });
        continue;
      }
      const parsed = schema.safeParse(metadata[key]);
      for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ ...issue, code: 'custom', path: [key, ...issue.path] } as never);
    }
  })
  .meta({ id: 'EventMetadataInput' });

const eventFields = {
  name: z.string().min(1).max(128),
  timestamp: Timestamp.optional(),
  organization_id: Uuid.nullish(),
  external_id: z.string().min(1).max(255).nullish(),
  parent_id: z.string().min(1).max(255).nullish(),
  metadata: EventMetadataInput.default({}),
};

export const EventCreateCustomer = z.strictObject({ ...eventFields, customer_id: Uuid, member_id: Uuid.nullish() }).meta({ id: 'EventCreateCustomer' });
export const EventCreateExternalCustomer = z
  .strictObject({ ...eventFields, external_customer_id: z.string().min(1).max(255), external_member_id: z.string().min(1).max(255).nullish() })
  .meta({ id: 'EventCreateExternalCustomer' });
export const EventCreate = z.union([EventCreateCustomer, EventCreateExternalCustomer]);
export type EventCreate = z.infer<typeof EventCreate>;

export const EventsIngest = z.object({ events: z.array(EventCreate).min(1).max(MAX_EVENTS_PER_BATCH) }).meta({ id: 'EventsIngest' });
export type EventsIngest = z.infer<typeof EventsIngest>;

export const EventsIngestResponse = z.object({ inserted: z.int(), duplicates: z.int() }).meta({ id: 'EventsIngestResponse' });
