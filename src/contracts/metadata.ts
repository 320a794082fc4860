// Metadata, the free key-value pairs most resources carry: as sent, as read back, and as a list query filters by it.
import { z } from 'zod';

/** A record (a JSON object with free keys) of at most `max` keys; the bound is published as `maxProperties`. */
export const boundedRecord = <K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, max: number) =>
  z
    .record(key, value)
    .refine((record) => Object.keys(record).length <= max, { message: `At most ${max} keys are allowed` })
    .meta({ maxProperties: max });

export const MetadataValue = z.union([
  z.string().max(500),
  z.number().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  z.boolean(),
]);
/** Keys a metadata object may hold. */
export const MAX_METADATA_KEYS = 50;
export const MetadataInput = boundedRecord(z.string().min(1).max(40), MetadataValue, MAX_METADATA_KEYS);
export type Metadata = Record<string, string | number | boolean>;
export const MetadataOutput = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
/** `metadata[key]=value` pairs: several values for one key match any of them; several keys must all match. */
export const MetadataQuery = z.record(z.string().min(1).max(40), z.array(z.string())).default({});
