// Building blocks shared by every contract: metadata, list envelopes, query parameters, error bodies.
import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../kernel/pagination';

export const Uuid = z.uuid();

/** Control characters anywhere (C0 and DEL), or white space at either end. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSTORED_URL_TEXT = /[\u0000-\u001f\u007f]|^\s|\s$/;

/**
 * An absolute URL, kept exactly as sent. `z.url()` alone trims it and drops tabs and line breaks, so a URL holding a
 * CR or LF (header injection) would be stored rewritten; such URLs, and any with a control character, are refused.
 */
export const Url = (params?: Parameters<typeof z.url>[0]) =>
  z.string().check(
    z.refine((value) => !UNSTORED_URL_TEXT.test(value), {
      message: 'URLs must not contain line breaks, tabs or other control characters, nor begin or end with white space',
    }),
    z.url(params),
  );

/** The `{id}` path parameter of item endpoints. */
export const IdParams = z.object({ id: Uuid });

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

/** An ISO 8601 date-time with its offset, within the years PostgreSQL and JavaScript both hold (1–9999, in UTC). */
export const Timestamp = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1 && year <= 9999;
  },
  { message: 'Dates must lie between the years 1 and 9999 (UTC)' },
);

export const Pagination = z.object({ total_count: z.int32(), max_page: z.int32() });

export const ListResource = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), pagination: Pagination });

export const ErrorBody = z
  .object({
    type: z.string(),
    title: z.string(),
    detail: z.string(),
    status: z.int32(),
    request_id: z.string(),
    error: z.string(),
  })
  .meta({ id: 'Error' });

export const ValidationErrorBody = z
  .object({
    type: z.string(),
    title: z.string(),
    detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.int32()])), msg: z.string(), type: z.string() })),
    status: z.literal(422),
    request_id: z.string(),
    error: z.literal('RequestValidationError'),
  })
  .meta({ id: 'HTTPValidationError' });

// Query strings arrive as lists of strings (a key may repeat); these helpers read them.

/** The last value of a query parameter, checked by `schema`. */
export const queryOne = <T extends z.ZodType<unknown, string | undefined>>(schema: T) =>
  z
    .array(z.string())
    .optional()
    .transform((values) => values?.at(-1))
    .pipe(schema);

/** Every value of a repeatable query parameter, each checked by `item`. */
export const queryMany = <T extends z.ZodType<unknown, string>>(item: T) =>
  z.array(z.string()).optional().pipe(z.array(item).optional());

const integerString = z
  .string()
  .regex(/^-?\d+$/, 'Input should be a valid integer')
  .transform(Number);

/** Keeps OFFSET inside PostgreSQL's bigint; pages past `max_page` are simply empty. */
const MAX_PAGE = 2_147_483_647;

export const PageQuery = {
  page: queryOne(integerString.pipe(z.int32().min(1).max(MAX_PAGE)).default(1)),
  limit: queryOne(integerString.pipe(z.int32().min(1).max(MAX_PAGE_LIMIT)).default(DEFAULT_PAGE_LIMIT)),
};

export const queryBoolean = queryOne(
  z
    .enum(['true', 'false'], { message: 'Input should be a valid boolean' })
    .transform((v) => v === 'true')
    .optional(),
);

/** `metadata[key]=value` pairs: several values for one key match any of them; several keys must all match. */
export const MetadataQuery = z.record(z.string().min(1).max(40), z.array(z.string())).default({});

/** A `sorting` parameter whose values are the given fields, ascending or (with a leading minus) descending. */
export const sortingQuery = <F extends string>(fields: readonly [F, ...F[]], fallback: (F | `-${F}`)[]) => {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [F | `-${F}`, ...(F | `-${F}`)[]];
  return queryMany(z.enum(values)).transform((v) => (v && v.length ? v : fallback));
};
