// Counts every answered request and its latency by the route template it matched (bursar_http_* series).
import type { Context, Next } from 'koa';
import { matchedRoute } from '../../platform/http/matched-route';
import { recordRequest, type EnvironmentLabel } from '../../platform/prometheus';

export function requestMetrics(environment: EnvironmentLabel) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const answered = { method: ctx.method, route: matchedRoute(ctx), status: ctx.status, environment };
      recordRequest(answered, elapsed(started));
    }
  };
}

const elapsed = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
