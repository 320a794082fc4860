// A batched delivery's POST goes in the trace of the event it delivers (the request or step that wrote it), linked to
// the batch's own span: one batch gathers deliveries of many traces.
import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { PostOptions } from '../../adapters/http/webhook-poster';
import { contextOf, type TraceCarrier } from '../../platform/tracing/trace-context';

/** The POST's parent and links; undefined (the active trace) for an event written outside any trace. */
export function deliveryTrace(delivery: { traceContext: TraceCarrier | null }): PostOptions['trace'] {
  if (!delivery.traceContext) return undefined;
  const batch = trace.getActiveSpan()?.spanContext();
  return {
    parent: contextOf(delivery.traceContext),
    links: batch && isSpanContextValid(batch) ? [{ context: batch }] : [],
  };
}
