// Readers of query strings, which arrive as lists of strings (a key may repeat): one value, many, a page, a sorting.
import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../kernel/pagination';

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

/** A `sorting` parameter whose values are the given fields, ascending or (with a leading minus) descending. */
export const sortingQuery = <F extends string>(fields: readonly [F, ...F[]], fallback: (F | `-${F}`)[]) => {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [F | `-${F}`, ...(F | `-${F}`)[]];
  return queryMany(z.enum(values)).transform((v) => (v && v.length ? v : fallback));
};
