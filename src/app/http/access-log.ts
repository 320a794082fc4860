// One JSON line per answered request: its id, method, route template (never the path: a client secret or a download
// token may sit in it), status and duration, the organization once its token was resolved, the error code of a
// refusal, and the server-side cause of a 5xx. Everything logged while the request runs carries its id too.
import type { Context, Next } from 'koa';
import { matchedRoute } from '../../platform/http/matched-route';
import { logger, withLogContext } from '../../platform/logging/logger';

export function accessLog(environment: string) {
  return (ctx: Context, next: Next): Promise<void> =>
    withLogContext({ request_id: ctx.state.requestId, environment }, async () => {
      const started = process.hrtime.bigint();
      try {
        await next();
      } finally {
        const status = ctx.status;
        const errorCode = status >= 400 ? (ctx.body as { error?: unknown } | null)?.error : undefined;
        const line = {
          method: ctx.method,
          route: matchedRoute(ctx),
          status,
          duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
          ...(typeof errorCode === 'string' && { error_code: errorCode }),
          ...(status >= 500 && ctx.state.failure !== undefined && { err: ctx.state.failure }),
        };
        const level = status >= 500 ? (status === 503 ? 'warn' : 'error') : 'info';
        logger()[level](line, 'request');
      }
    });
}
