// Renders any error as the spec's problem-details body (RFC 9457).
import type { Context } from 'koa';
import { type z } from 'zod';
import { type BursarError, RequestValidationError, errorTypeUrn, type ValidationIssue } from '../../kernel/errors';

export function problemBody(ctx: Context, error: BursarError) {
  return problemFor(error, String(ctx.state.requestId ?? ''));
}

export function problemFor(error: BursarError, requestId: string) {
  return {
    type: errorTypeUrn(error.name),
    title: error.title,
    detail: error.detail,
    status: error.status,
    request_id: requestId,
    error: error.name,
  };
}

export function sendProblem(ctx: Context, error: BursarError): void {
  ctx.status = error.status;
  ctx.body = problemBody(ctx, error);
  const wantsProblem = (ctx.get('accept') ?? '').includes('application/problem+json');
  ctx.type = wantsProblem ? 'application/problem+json' : 'application/json';
}

/** A zod failure as a 422 whose `loc` starts with where the input came from (`body`, `query`, `path`). */
export function validationError(location: 'body' | 'query' | 'path', error: z.ZodError): RequestValidationError {
  const issues: ValidationIssue[] = error.issues.map((issue) => ({
    loc: [location, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
  return new RequestValidationError(issues);
}

export function parseInput<T extends z.ZodType>(schema: T, input: unknown, location: 'body' | 'query' | 'path'): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(location, parsed.error);
  return parsed.data;
}
