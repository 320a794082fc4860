// `GET /metrics` (Prometheus) scraped before and after real work: a purchase, a declined charge, a refund, usage
// events, a renewal on a test clock, a webhook endpoint that keeps failing, an outbox message left behind — on its own
// port, never the API's; a scrape that still answers while the pool has no connection free; and the worker's Temporal
// SDK exporter serving its temporal_* series.
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { serveMetrics } from '../../src/platform/prometheus';
import { closeHttp } from '../../src/app/http/server';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { temporalRuntimeOptions } from '../../src/app/temporal-runtime';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { freePort } from '../support/free-port';
import { scrape, sumOf, namesOf, type Sample } from '../support/prometheus-text';
import { purchase } from '../support/purchases';
import { advance, ordersOf, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { TEMPORAL_SDK_SERIES } from '../support/temporal-sdk-series';

let h: TestHarness;
let metricsServer: Server;
let metricsUrl: string;
let call: Call;
const receivers: Receiver[] = [];
const SANDBOX = { environment: 'sandbox' };
const DE = { country: 'DE' };

beforeAll(async () => {
  const [metricsPort, temporalMetricsPort] = [await freePort(), await freePort()];
  h = await startHarness({
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    // A failing endpoint's delivery fails for good at its second attempt, made by its delivery workflow 0.1 s later.
    WEBHOOK_MAX_ATTEMPTS: '2',
    WEBHOOK_RETRY_INITIAL_INTERVAL_MS: '100',
    METRICS_PORT: String(metricsPort),
    TEMPORAL_METRICS_PORT: String(temporalMetricsPort),
  });
  // The worker process's runtime (its SDK exporter), installed before the worker's connection; logging errors only.
  Runtime.install({ ...temporalRuntimeOptions(h.config), logger: new DefaultLogger('ERROR') });
  await h.startWorker('sandbox');
  metricsServer = await serveMetrics(h.config.METRICS_PORT, h.config.METRICS_HOST);
  metricsUrl = `http://${h.config.METRICS_HOST}:${h.config.METRICS_PORT}/metrics`;
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'refunds:write', 'events:write'], 'sandbox');
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await closeHttp(metricsServer, 0);
  await h.close();
});

const delta = (before: Sample[], after: Sample[], name: string, labels: Record<string, string> = {}) =>
  sumOf(after, name, { ...SANDBOX, ...labels }) - sumOf(before, name, { ...SANDBOX, ...labels });

async function receiver(status: number) {
  const r = await startReceiver();
  r.respondWith(() => status);
  receivers.push(r);
  return r;
}

test('the metrics are served on their own port: the API ports answer /metrics 404', async () => {
  expect(h.config.METRICS_PORT).not.toBe(h.config.ports.production);
  expect(h.config.METRICS_PORT).not.toBe(h.config.ports.sandbox);
  for (const environment of ['production', 'sandbox'] as const)
    expect((await h.request('GET', '/metrics', { environment })).status).toBe(404);
  const served = await fetch(metricsUrl);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
});

test("an outbox message left undispatched shows as the outbox's lag until it is gone", async () => {
  const orm = h.env.sandbox.orm;
  const before = await scrape(metricsUrl);
  const [{ id }] = await orm.em.fork().execute<{ id: string }[]>(
    `insert into outbox_message (id, kind, payload, created_at)
     values (?, 'workflow_start', '{}'::jsonb, now() - interval '10 minutes') returning id`,
    [randomUUID()],
  );
  const waiting = await scrape(metricsUrl);
  await orm.em.fork().execute('delete from outbox_message where id = ?', [id]);
  expect(delta(before, waiting, 'bursar_outbox_pending_messages')).toBe(1);
  expect(sumOf(waiting, 'bursar_outbox_oldest_pending_age_seconds', SANDBOX)).toBeGreaterThanOrEqual(600);
  const gone = await scrape(metricsUrl);
  expect(delta(waiting, gone, 'bursar_outbox_pending_messages')).toBe(-1);
});

test('a purchase moves the checkout, order, HTTP, pool and webhook series', async () => {
  const delivered = await receiver(200);
  const failing = await receiver(500);
  for (const r of [delivered, failing])
    expect(
      (await call('POST', '/v1/webhooks/endpoints', { url: r.url, format: 'raw', events: ['order.paid'] })).status,
    ).toBe(201);
  const product = await call('POST', '/v1/products/', {
    name: 'Handbook',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  const before = await scrape(metricsUrl);

  const order = await purchase(h, call, { products: [product.body.id], customer_billing_address: DE });
  expect((await call('GET', `/v1/orders/${order.id}`)).status).toBe(200);
  await eventually(async () => delivered.received.some((r) => r.json.data.id === order.id));
  // The failing endpoint's delivery is settled (failed for good) once the worker logged it.
  const after = await eventually(async () => {
    const samples = await scrape(metricsUrl);
    return delta(before, samples, 'bursar_webhook_deliveries_total', { outcome: 'failed' }) >= 1 && samples;
  });

  expect(delta(before, after, 'bursar_checkouts_created_total')).toBe(1);
  expect(delta(before, after, 'bursar_orders_paid_total', { billing_reason: 'purchase' })).toBe(1);
  expect(delta(before, after, 'bursar_webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
  expect(delta(before, after, 'bursar_webhook_deliveries_total', { outcome: 'failed' })).toBe(1);
  expect(delta(before, after, 'bursar_webhook_attempts_total', { result: 'success' })).toBe(1);
  expect(delta(before, after, 'bursar_webhook_attempts_total', { result: 'failure' })).toBe(2);
  expect(sumOf(after, 'bursar_webhook_endpoints_failing', SANDBOX)).toBeGreaterThanOrEqual(1);
  expect(sumOf(after, 'bursar_webhook_endpoint_failure_streak_max', SANDBOX)).toBeGreaterThanOrEqual(1);
  // The requests by their route templates, never their ids: the checkout created, then confirmed by its secret.
  const route = (method: string, template: string, status: string) => ({ method, route: template, status });
  expect(delta(before, after, 'bursar_http_requests_total', route('POST', '/v1/checkouts/', '201'))).toBe(1);
  const confirm = route('POST', '/v1/checkouts/client/:client_secret/confirm', '200');
  expect(delta(before, after, 'bursar_http_requests_total', confirm)).toBe(1);
  expect(delta(before, after, 'bursar_http_request_duration_seconds_count', confirm)).toBe(1);
  expect(delta(before, after, 'bursar_http_requests_total', route('GET', '/v1/orders/:id', '200'))).toBe(1);
  expect(after.some((s) => s.name === 'bursar_http_requests_total' && s.labels.route.includes(order.id))).toBe(false);
  // Both processes' transactions took connections from the sandbox pool, each acquire timed.
  expect(delta(before, after, 'bursar_db_pool_acquire_wait_seconds_count')).toBeGreaterThan(0);
  expect(sumOf(after, 'bursar_db_pool_connections', { ...SANDBOX, state: 'free' })).toBeGreaterThan(0);
  expect(after.some((s) => s.name === 'bursar_db_pool_pending_acquires' && s.labels.environment === 'sandbox')).toBe(
    true,
  );
  // Nothing was counted in the other environment.
  expect(sumOf(after, 'bursar_checkouts_created_total', { environment: 'production' })).toBe(0);
});

test('a declined charge, a refund and usage events are counted', async () => {
  const product = await call('POST', '/v1/products/', {
    name: 'Guide',
    prices: [{ amount_type: 'fixed', price_amount: 900 }],
  });
  const order = await purchase(h, call, { products: [product.body.id], customer_billing_address: DE });
  const before = await scrape(metricsUrl);

  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: 'decline@example.com',
    customer_billing_address: DE,
  });
  const confirm = `/v1/checkouts/client/${checkout.body.client_secret}/confirm`;
  const json = { confirmation_token_id: 'pm_card_chargeDeclined' };
  expect((await h.request('POST', confirm, { environment: 'sandbox', json })).status).toBe(200);
  await eventually(async () => (await call('GET', `/v1/checkouts/${checkout.body.id}`)).body.payment_error);
  const refund = await call('POST', '/v1/refunds/', { order_id: order.id, amount: 300, reason: 'customer_request' });
  expect(refund.status).toBe(201);
  const events = [1, 2, 3].map((n) => ({
    name: 'api_call',
    external_customer_id: `c-${n}`,
    external_id: randomUUID(),
  }));
  expect((await call('POST', '/v1/events/ingest', { events })).body).toEqual({ inserted: 3, duplicates: 0 });
  expect((await call('POST', '/v1/events/ingest', { events: events.slice(0, 1) })).body).toEqual({
    inserted: 0,
    duplicates: 1,
  });

  const after = await eventually(async () => {
    const samples = await scrape(metricsUrl);
    return delta(before, samples, 'bursar_charges_failed_total') >= 1 && samples;
  });
  expect(delta(before, after, 'bursar_charges_failed_total', { reason: 'card_declined' })).toBe(1);
  expect(delta(before, after, 'bursar_refunds_created_total')).toBe(1);
  expect(delta(before, after, 'bursar_events_ingested_total')).toBe(3); // the repeated event is a duplicate
  expect(delta(before, after, 'bursar_orders_paid_total')).toBe(0);
});

test("a subscription's renewal on its test clock is counted, its order paid as a cycle", async () => {
  const before = await scrape(metricsUrl);
  const { clockId, subscription } = await subscribe(h, call, { price: 1000, start: '2025-01-10T10:00:00Z' });
  await advance(call, clockId, '2025-02-10T11:00:00Z');
  await eventually(async () => (await ordersOf(call, subscription.customer_id)).filter((o) => o.paid).length === 2);
  const after = await eventually(async () => {
    const samples = await scrape(metricsUrl);
    return (
      delta(before, samples, 'bursar_orders_paid_total', { billing_reason: 'subscription_cycle' }) === 1 && samples
    );
  });
  expect(delta(before, after, 'bursar_subscription_renewals_total')).toBe(1);
  expect(delta(before, after, 'bursar_orders_paid_total', { billing_reason: 'subscription_create' })).toBe(1);
});

test("a scrape answers within its bound while the pool has no connection free, without that pool's readings", async () => {
  const { client } = h.env.sandbox.orm.em.getConnection().getKnex();
  const pool = client.pool as { max: number; numPendingAcquires(): number };
  // Every connection of the sandbox pool held (once the worker's transactions give theirs back).
  const held: unknown[] = await Promise.all(Array.from({ length: pool.max }, () => client.acquireConnection()));
  const started = Date.now();
  let samples: Sample[] | null;
  let waiting = 0;
  try {
    const timedOut = new Promise<null>((resolve) => setTimeout(() => resolve(null), 6_000));
    samples = await Promise.race([scrape(metricsUrl), timedOut]);
    waiting = pool.numPendingAcquires(); // the scrape's readings, still waiting for a connection
  } finally {
    for (const connection of held) client.releaseConnection(connection);
  }
  expect(samples).not.toBeNull();
  expect(Date.now() - started).toBeLessThan(4_000);
  const has = (name: string, environment: string) =>
    samples!.some((s) => s.name === name && s.labels.environment === environment);
  for (const gauge of ['bursar_outbox_pending_messages', 'bursar_webhook_endpoints_failing']) {
    expect(has(gauge, 'sandbox')).toBe(false); // its readings waited for a connection
    expect(has(gauge, 'production')).toBe(true);
  }
  expect(waiting).toBeGreaterThan(0);
  // The pool free again, the next scrape reads it.
  await eventually(async () => {
    samples = await scrape(metricsUrl);
    return has('bursar_outbox_pending_messages', 'sandbox') && has('bursar_webhook_endpoints_failing', 'sandbox');
  });
});

test("the worker's Temporal SDK exporter serves the temporal_* series the dashboard charts", async () => {
  // Its own work: a purchase (workflows completed) announced to an endpoint that fails (failed delivery activities).
  const failing = await receiver(500);
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: failing.url,
    format: 'raw',
    events: ['order.paid'],
  });
  expect(endpoint.status).toBe(201);
  const product = await call('POST', '/v1/products/', {
    name: 'Atlas',
    prices: [{ amount_type: 'fixed', price_amount: 700 }],
  });
  await purchase(h, call, { products: [product.body.id], customer_billing_address: DE });
  const url = `http://${h.config.METRICS_HOST}:${h.config.TEMPORAL_METRICS_PORT}/metrics`;
  const namespace = { namespace: h.env.sandbox.namespace };
  const samples = await eventually(async () => {
    const scraped = await scrape(url);
    return sumOf(scraped, 'temporal_activity_execution_failed_total', namespace) > 0 && scraped;
  });
  const names = namesOf(samples);
  expect(TEMPORAL_SDK_SERIES.filter((name) => !names.has(name))).toEqual([]);
  expect(sumOf(samples, 'temporal_workflow_completed_total', namespace)).toBeGreaterThan(0);
  // The SDK's series are its own exporter's: the process registry serves none of them.
  expect([...namesOf(await scrape(metricsUrl))].filter((name) => name.startsWith('temporal_'))).toEqual([]);
});
