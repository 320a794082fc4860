// The request's span (made by the HTTP server instrumentation, active while Koa runs) named after the route it
// matched, `POST /v1/checkouts/`, with `http.route` and the request id; a no-op with tracing off.
import { trace } from '@opentelemetry/api';
import type { Context, Next } from 'koa';

export async function traceRoute(ctx: Context, next: Next): Promise<void> {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return next();
  try {
    await next();
  } finally {
    const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
    if (typeof route === 'string') {
      span.setAttribute('http.route', route);
      span.updateName(`${ctx.method} ${route}`);
    }
    if (ctx.state.requestId) span.setAttribute('bursar.request_id', String(ctx.state.requestId));
  }
}
