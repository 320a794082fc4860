// Traces of this process: a tracer provider named after it (`service.name`), its spans exported over OTLP when an
// endpoint is configured (the standard OTEL_* variables), the HTTP and PostgreSQL client/server instrumentations, and
// no request's path or query (url-attributes.ts) nor any SQL string literal (sql-text.ts) in any span.
// Without an endpoint nothing is registered: the OpenTelemetry API stays a no-op and tracing costs nothing.
import { context, propagation, trace } from '@opentelemetry/api';
import { registerInstrumentations, type InstrumentationBase } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource, envDetectorSync } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { withoutLiterals } from './sql-text';
import { UrlScrubbingSpanProcessor } from './url-attributes';

export interface Tracing {
  provider: NodeTracerProvider;
  /** This process's resource, also given to the spans the workflow sandbox makes. */
  resource: Resource;
  /** Where every span goes, the workflows' included (they come out of the sandbox through a sink). */
  spanProcessor: SpanProcessor;
  /** HTTP (client and server) and PostgreSQL; they patch `http` and `pg` as they are first required. */
  instrumentations: InstrumentationBase[];
  /** Flushes what is buffered, unregisters the provider and removes the instrumentations' patches. */
  shutdown(): Promise<void>;
}

type Env = Record<string, string | undefined>;

let current: Tracing | null = null;

/** The process's tracing once started, else null (the Temporal interceptors are added only then). */
export const activeTracing = (): Tracing | null => current;

/** Health checks and metric scrapes: frequent, and no one's request; not traced. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
const isProbe = (url: string | undefined) => PROBES.has((url ?? '').split('?')[0]);

/** Whether the environment asks for spans to be exported over OTLP. */
export function otlpConfigured(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts tracing for `serviceName` (`bursar-api`, `bursar-worker`) when the environment configures an OTLP endpoint,
 * or with `exporter` (tests: an in-memory exporter, each span exported as it ends). Returns null when neither is
 * there. Call it before `http` and `pg` are first required, so that their instrumentations can patch them.
 */
export function startTracing(
  serviceName: string,
  options: { exporter?: SpanExporter; env?: Env } = {},
): Tracing | null {
  if (current) throw new Error('Tracing is already started in this process.');
  const env = options.env ?? process.env;
  if (!options.exporter && !otlpConfigured(env)) return null;
  const resource = Resource.default()
    .merge(new Resource({ [ATTR_SERVICE_NAME]: serviceName }))
    .merge(envDetectorSync.detect()); // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win
  const spanProcessor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter()); // OTEL_EXPORTER_OTLP_* and OTEL_BSP_* as the spec says
  // The URL attributes are rewritten as each span starts, before the exporter's processor can see the span.
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new UrlScrubbingSpanProcessor(), spanProcessor],
  });
  provider.register(); // the AsyncLocalStorage context manager, and OTEL_PROPAGATORS (W3C trace context by default)
  const instrumentations: InstrumentationBase[] = [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => isProbe(request.url) }),
    new PgInstrumentation({
      requireParentSpan: true, // a query outside any request or activity is no trace
      // MikroORM inlines the values (client secrets, e-mails, payloads): the statement goes without them
      requestHook: (span, { query }) => span.setAttribute('db.statement', withoutLiterals(query.text ?? '')),
    }),
  ];
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations });
  const tracing: Tracing = {
    provider,
    resource,
    spanProcessor,
    instrumentations,
    async shutdown() {
      unregister();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      if (current === tracing) current = null;
    },
  };
  current = tracing;
  return tracing;
}
