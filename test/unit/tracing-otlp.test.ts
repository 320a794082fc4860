// Tracing set-up: nothing registered without an OTLP endpoint; with OTEL_EXPORTER_OTLP_ENDPOINT, spans are batched
// and posted over OTLP/HTTP to `<endpoint>/v1/traces`, with the standard variables' headers and resource attributes.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { otlpConfigured, startTracing } from '../../src/platform/tracing';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const OTEL_VARIABLES = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_RESOURCE_ATTRIBUTES'];
const saved = Object.fromEntries(OTEL_VARIABLES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of OTEL_VARIABLES)
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
});

test('without an endpoint nothing is started: no provider, the API stays a no-op', () => {
  expect(otlpConfigured({})).toBe(false);
  expect(otlpConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(
    false,
  );
  expect(otlpConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
  expect(startTracing('bursar-api', { env: {} })).toBeNull();
  expect(trace.getTracer('unit').startSpan('nothing').isRecording()).toBe(false);
});

test('with OTEL_EXPORTER_OTLP_ENDPOINT, spans are posted over OTLP/HTTP to <endpoint>/v1/traces', async () => {
  const received: Received[] = [];
  const collector = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  Object.assign(process.env, {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer collector-token',
    OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=unit',
  });

  const tracing = startTracing('bursar-api')!;
  try {
    expect(tracing).not.toBeNull();
    expect(tracing.spanProcessor).toBeInstanceOf(BatchSpanProcessor);
    const tracer = trace.getTracer('unit');
    tracer.startActiveSpan('checkout request', (parent) => {
      tracer.startSpan('charge').end();
      parent.end();
    });
    await tracing.provider.forceFlush();
  } finally {
    await tracing.shutdown();
    await new Promise((resolve) => collector.close(resolve));
  }

  expect(received).toHaveLength(1);
  const [post] = received;
  expect(post.path).toBe('/v1/traces');
  expect(post.headers['content-type']).toBe('application/json');
  expect(post.headers.authorization).toBe('Bearer collector-token');
  const body = JSON.parse(post.body);
  const [resourceSpans] = body.resourceSpans;
  const attributes = Object.fromEntries(
    resourceSpans.resource.attributes.map((a: { key: string; value: { stringValue?: string } }) => [
      a.key,
      a.value.stringValue,
    ]),
  );
  expect(attributes).toMatchObject({ 'service.name': 'bursar-api', 'deployment.environment': 'unit' });
  const spans = resourceSpans.scopeSpans.flatMap((scope: { spans: object[] }) => scope.spans);
  const byName = Object.fromEntries(spans.map((s: { name: string }) => [s.name, s]));
  expect(Object.keys(byName).sort()).toEqual(['charge', 'checkout request']);
  expect(byName.charge.traceId).toBe(byName['checkout request'].traceId);
  expect(byName.charge.parentSpanId).toBe(byName['checkout request'].spanId);
  // Shut down, the API is a no-op again.
  expect(trace.getTracer('unit').startSpan('after').isRecording()).toBe(false);
});
