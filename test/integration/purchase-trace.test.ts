// The trace of one purchase: the request that creates the checkout, the checkout workflow its outbox row starts, the
// workflow's activities, and the webhook POST announcing the paid order, whose `traceparent` the receiver gets. The
// spans are caught by an in-memory exporter; the tree is printed (test output) and its parent links checked, and no
// span holds the checkout's client secret or a token (paths and queries never reach an attribute).
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing, type Tracing } from '../../src/platform/tracing';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { instrumentTestModules } from '../support/tracing';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let uninstrument: () => void;
let h: TestHarness;
let receiver: Receiver;
const SANDBOX = { environment: 'sandbox' } as const;

beforeAll(async () => {
  // Before the harness: its Temporal clients and worker take the interceptors only when tracing is on.
  tracing = startTracing('bursar-test', { exporter })!;
  uninstrument = instrumentTestModules(tracing);
  // its worker bundles the workflows with the tracing interceptors, as a worker that traces does (the suite's bundle has none)
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WORKFLOW_BUNDLE_PATH: '' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
  uninstrument?.();
  await tracing?.shutdown();
});

interface Node {
  span: ReadableSpan;
  children: Node[];
}

/** The spans of one trace as a tree (children in start order); spans whose parent is not in it are roots. */
function treeOf(spans: ReadableSpan[]): Node[] {
  const nodes = new Map(spans.map((span) => [span.spanContext().spanId, { span, children: [] as Node[] }]));
  const roots: Node[] = [];
  const byStart = [...nodes.values()].sort((a, b) => startOf(a.span) - startOf(b.span));
  for (const node of byStart) {
    const parent = node.span.parentSpanId ? nodes.get(node.span.parentSpanId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
const isPg = (span: ReadableSpan) => span.name.startsWith('pg.');
const startOf = (span: ReadableSpan) => span.startTime[0] * 1e9 + span.startTime[1];

/** One line a span, indented under its parent; a span's PostgreSQL queries are counted on its line. */
function render(nodes: Node[], depth = 0): string[] {
  return nodes.flatMap(({ span, children: all }) => {
    const children = all.filter((child) => !isPg(child.span));
    const queries = all.length - children.length;
    const service = String(span.resource.attributes['service.name'] ?? '');
    const extra = [
      SpanKind[span.kind].toLowerCase(),
      span.attributes.temporalWorkflowId && `workflow ${String(span.attributes.temporalWorkflowId)}`,
      span.attributes['http.response.status_code'] && `→ ${String(span.attributes['http.response.status_code'])}`,
      span.attributes['http.status_code'] && `→ ${String(span.attributes['http.status_code'])}`,
      queries && `${queries} pg`,
    ].filter(Boolean);
    const line = `${'  '.repeat(depth)}${span.name} [${extra.join(', ')}] (${service}, ${span.spanContext().spanId})`;
    return [line, ...render(children, depth + 1)];
  });
}

/** The chain of span names from the root down to `spanId`. */
function pathTo(roots: Node[], spanId: string): string[] | null {
  for (const node of roots) {
    if (node.span.spanContext().spanId === spanId) return [node.span.name];
    const below = pathTo(node.children, spanId);
    if (below) return [node.span.name, ...below];
  }
  return null;
}

test('one purchase is one trace: request → workflow → activities → webhook POST, traceparent on the POST', async () => {
  const org = await h.organization(
    ['checkouts:write', 'checkouts:read', 'products:write', 'orders:read', 'webhooks:write'],
    'sandbox',
  );
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = await call('POST', '/v1/products/', {
    name: 'Traced handbook',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['order.paid'],
  });
  expect(endpoint.status).toBe(201);

  const order = await purchase(h, call, { products: [product.body.id], customer_billing_address: { country: 'FR' } });
  const hook = await eventually(async () => receiver.received.find((r) => r.json.data.id === order.id), 30_000, {
    what: 'order.paid delivered',
  });

  // The receiver got a W3C traceparent: version 00, the trace, the POST's span, sampled.
  const traceparent = hook.headers.traceparent;
  expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  const [, traceId, postSpanId] = traceparent.split('-');

  // The workflow's spans end with it (the checkout's run ends once the order is written).
  const spans = await eventually(
    async () => {
      const ofTrace = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      const names = new Set(ofTrace.map((s) => s.name));
      return names.has('RunWorkflow:checkoutSession') && names.has('POST') && ofTrace;
    },
    30_000,
    { what: 'the checkout workflow and the webhook POST spans exported' },
  );
  const roots = treeOf(spans);
  console.log(`The trace of one purchase (${traceId}):\n${render(roots).join('\n')}`);

  // The trace starts at the request that created the checkout, as the Koa app named it. Other roots are spans whose
  // parent has not ended yet: the endpoint's delivery flow this trace started runs on (it ends after a minute idle).
  expect(spans.filter((s) => !s.parentSpanId).map((s) => s.name)).toEqual(['POST /v1/checkouts/']);
  const [request] = roots;
  expect(request.span.name).toBe('POST /v1/checkouts/');
  expect(request.span.kind).toBe(SpanKind.SERVER);
  expect(request.span.attributes['http.route']).toBe('/v1/checkouts/');
  expect(request.span.resource.attributes['service.name']).toBe('bursar-test');

  // The request → its outbox start → the workflow → its charge activity.
  const charge = spans.find((s) => s.name === 'RunActivity:chargeCheckout')!;
  expect(pathTo(roots, charge.spanContext().spanId)).toEqual([
    'POST /v1/checkouts/',
    'StartWorkflow:checkoutSession',
    'RunWorkflow:checkoutSession',
    'StartActivity:chargeCheckout',
    'RunActivity:chargeCheckout',
  ]);

  // The webhook POST the receiver answered is the span its traceparent names, a client span under the workflow's
  // completion step (the activity that wrote order.paid), through the endpoint's delivery batch.
  const post = spans.find((s) => s.spanContext().spanId === postSpanId)!;
  expect(post).toBeDefined();
  expect(post.name).toBe('POST');
  expect(post.kind).toBe(SpanKind.CLIENT);
  expect(post.attributes['url.full']).toBe(receiver.url);
  expect(post.attributes['http.response.status_code']).toBe(204);
  const toPost = pathTo(roots, postSpanId)!;
  expect(toPost.slice(0, 3)).toEqual([
    'POST /v1/checkouts/',
    'StartWorkflow:checkoutSession',
    'RunWorkflow:checkoutSession',
  ]);
  expect(toPost).toContain('RunActivity:completeCheckout');
  expect(toPost.at(-1)).toBe('POST');
  // The batch that sent it belongs to the endpoint's flow (maybe another trace): the POST links to it.
  expect(post.links.length).toBe(1);

  // The confirmation is a request of its own, sent to the workflow as an Update: its trace holds the update's step.
  const CONFIRM = 'POST /v1/checkouts/client/:client_secret/confirm';
  const confirmation = await eventually(async () => {
    const finished = exporter.getFinishedSpans();
    const request = finished.find((s) => s.name === CONFIRM);
    const ofTrace = finished.filter((s) => s.spanContext().traceId === request?.spanContext().traceId);
    return ofTrace.some((s) => s.name === 'HandleUpdate:confirm') && ofTrace;
  });
  const confirmationRoots = treeOf(confirmation);
  console.log(`The trace of its confirmation:\n${render(confirmationRoots).join('\n')}`);
  const step = confirmation.find((s) => s.name === 'RunActivity:confirmCheckout')!;
  expect(pathTo(confirmationRoots, step.spanContext().spanId)).toEqual([
    CONFIRM,
    'StartWorkflowUpdate:confirm',
    'HandleUpdate:confirm',
    'StartActivity:confirmCheckout',
    'RunActivity:confirmCheckout',
  ]);

  // No span carries a secret: not the client secret the confirmation's path held, not a token in a query string, not
  // the merchant's token — a request matched no route (404) or a hosted page, and every span is looked through.
  const clientSecret = (await call('GET', `/v1/checkouts/${order.checkout_id}`)).body.client_secret as string;
  expect(clientSecret).toMatch(/^bursar_c_/);
  const read = await h.request('GET', `/v1/checkouts/client/${clientSecret}?token=${org.token}`, SANDBOX);
  expect(read.status).toBe(200);
  const unmatched = await h.request('GET', `/v1/nowhere/${clientSecret}?access_token=${org.token}`, SANDBOX);
  expect(unmatched.status).toBe(404);
  await h.request('GET', `/dashboard/metrics?token=${org.token}&secret=${clientSecret}`, SANDBOX);
  const serverTargets = (spans: ReadableSpan[]) =>
    spans.filter((s) => s.kind === SpanKind.SERVER).map((s) => s.attributes['http.target']);
  const TARGETS = [
    '/v1/checkouts/client/:client_secret/confirm',
    '/v1/checkouts/client/:client_secret',
    '(unmatched)',
    '/dashboard/metrics',
  ];
  const everything = await eventually(async () => {
    const finished = exporter.getFinishedSpans();
    return TARGETS.every((target) => serverTargets(finished).includes(target)) && finished;
  });
  const leaks = everything
    .map((span) => ({ name: span.name, text: JSON.stringify([span.name, span.attributes, span.events]) }))
    .filter(({ text }) => text.includes(clientSecret) || text.includes(org.token));
  expect(leaks.map(({ text }) => text.slice(0, 400))).toEqual([]);
});
