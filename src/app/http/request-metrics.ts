// Counts every answered request and its latency by the route template it matched (bursar_http_* series).
import type { Context, Next } from 'koa';
import { UNMATCHED_ROUTE, recordRequest, type EnvironmentLabel } from '../../platform/prometheus';

export function requestMetrics(environment: EnvironmentLabel) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // @koa/router leaves the template of the route that answered (`/v1/orders/:id`) on the context.
      const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
      const answered = { method: ctx.method, status: ctx.status, environment };
      recordRequest({ ...answered, route: route ? String(route) : UNMATCHED_ROUTE }, elapsed(started));
    }
  };
}

const elapsed = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
