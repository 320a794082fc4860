// The request's span (made by the HTTP server instrumentation, active while Koa runs) named after the route it
// matched, `POST /v1/checkouts/`, with `http.route`, the template in place of its URL's path (never the raw path: a
// client secret or a token may sit in it), and the request id; a no-op with tracing off.
import { trace } from '@opentelemetry/api';
import type { Context, Next } from 'koa';
import { UNMATCHED_ROUTE, matchedRoute } from '../../platform/http/matched-route';
import { routeServerSpan } from '../../platform/tracing';

export async function traceRoute(ctx: Context, next: Next): Promise<void> {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return next();
  try {
    await next();
  } finally {
    const route = matchedRoute(ctx);
    if (route !== UNMATCHED_ROUTE) routeServerSpan(span, ctx.method, route); // else it keeps `(unmatched)`
    if (ctx.state.requestId) span.setAttribute('bursar.request_id', String(ctx.state.requestId));
  }
}
