// A trace context carried with work done later, maybe in another process (an outbox row, a webhook delivery): taken
// from the active span when the work is written, made active again when it is carried out.
import { context, propagation, trace, type Context } from '@opentelemetry/api';

/** A trace context as text headers (`traceparent`, and `tracestate` when there is one). */
export type TraceCarrier = Record<string, string>;

/** The active span's context as headers, or null outside a span (tracing off: nothing is stored). */
export function captureTraceContext(): TraceCarrier | null {
  const active = context.active();
  if (!trace.getSpanContext(active)) return null;
  const carrier: TraceCarrier = {};
  propagation.inject(active, carrier);
  return Object.keys(carrier).length ? carrier : null;
}

/** The context `carrier` continues (on top of `base`, the active one by default); `base` itself without a carrier. */
export function contextOf(carrier: TraceCarrier | null | undefined, base: Context = context.active()): Context {
  return carrier ? propagation.extract(base, carrier) : base;
}

/** Runs `fn` as part of the trace `carrier` continues (as it is without one). */
export function withTraceContext<T>(carrier: TraceCarrier | null | undefined, fn: () => T): T {
  return carrier ? context.with(contextOf(carrier), fn) : fn();
}
