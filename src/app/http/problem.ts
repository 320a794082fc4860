// Renders any error as the spec's problem-details body (RFC 9457).
import type { Context } from 'koa';
import { type BursarError, errorTypeUrn } from '../../kernel/errors';

export function problemBody(ctx: Context, error: BursarError) {
  return problemFor(error, String(ctx.state.requestId ?? ''));
}

export function problemFor(error: BursarError, requestId: string) {
  return {
    type: errorTypeUrn(error.code),
    title: error.title,
    detail: error.detail,
    status: error.status,
    request_id: requestId,
    error: error.code,
  };
}

export function sendProblem(ctx: Context, error: BursarError): void {
  ctx.status = error.status;
  ctx.body = problemBody(ctx, error);
  const wantsProblem = (ctx.get('accept') ?? '').includes('application/problem+json');
  ctx.type = wantsProblem ? 'application/problem+json' : 'application/json';
}
