// A usage event's metadata as sent: free keys of plain values, and the reserved `_cost` and `_llm` structures.
import { z } from 'zod';
import { MAX_METADATA_KEYS } from './metadata';
import { LlmMetadata } from './event-llm-metadata';

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
