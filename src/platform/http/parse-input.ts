// Contracts applied to input: a zod failure is a 422 whose `loc` starts with where the input came from.
import type { z } from 'zod';
import { RequestValidationError, type ValidationIssue } from '../../kernel/errors';

export function validationError(location: 'body' | 'query' | 'path', error: z.ZodError): RequestValidationError {
  const issues: ValidationIssue[] = error.issues.map((issue) => ({
    loc: [location, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
  return new RequestValidationError(issues);
}

/** `input` as `schema` reads it, or that 422 (`body`, `query`, `path`). */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  location: 'body' | 'query' | 'path',
): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(location, parsed.error);
  return parsed.data;
}
