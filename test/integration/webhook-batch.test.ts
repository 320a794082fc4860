// Webhook deliveries batched per endpoint: a burst of events reaches the receiver through a handful of workflow runs,
// in order per resource, and failing deliveries still retry in their own flow, every attempt logged as before.
import { startHarness, eventually, type TestHarness } from '../support/harness';
import { recordHistory } from '../support/record-history';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
const receivers: Receiver[] = [];
const BATCH_SIZE = 100;

beforeAll(async () => {
  h = await startHarness({
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_RETRY_INITIAL_INTERVAL_MS: '200',
    WEBHOOK_RETRY_BACKOFF_COEFFICIENT: '1.5',
    WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000',
    WEBHOOK_MAX_ATTEMPTS: '3',
    WEBHOOK_DISABLE_AFTER_FAILURES: '50',
    WEBHOOK_ORDERING_MAX_WAIT_MS: '20000',
  });
  await h.startWorker('sandbox');
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await h.close();
});

const api = (method: string, path: string, token: string, json?: object) =>
  h.request(method, path, { environment: 'sandbox', token, json });

async function setUp() {
  const org = await h.organization(['webhooks:write', 'products:write'], 'sandbox');
  const receiver = await startReceiver();
  receivers.push(receiver);
  const endpoint = await api('POST', '/v1/webhooks/endpoints', org.token, {
    url: receiver.url,
    format: 'raw',
    events: ['product.created', 'product.updated'],
  });
  expect(endpoint.status).toBe(201);
  return { org, receiver, endpointId: endpoint.body.id as string };
}

const createProduct = async (token: string, name: string) =>
  (await api('POST', '/v1/products/', token, { name, prices: [{ amount_type: 'fixed', price_amount: 1000 }] })).body
    .id as string;

/** Workflow runs (continued ones included) about the endpoint, of one type or all. */
const runs = async (endpointId: string, type?: string) =>
  (
    await h.env.sandbox.temporal.workflow.count(
      `WebhookEndpointId = "${endpointId}"${type ? ` AND WorkflowType = "${type}"` : ''}`,
    )
  ).count;

/** Attempts logged per delivery, in attempt order: `[[1, 503], [2, 200]]`. */
const attemptsByDelivery = async (organizationId: string) =>
  (
    await h.env.sandbox.orm.em.fork().execute<{ attempts: [number, number | null][] }[]>(
      `select json_agg(json_build_array(a.attempt, a.http_code) order by a.attempt) as attempts
         from webhook_attempt a where a.organization_id = ? group by a.delivery_id`,
      [organizationId],
    )
  ).map((row) => row.attempts);

test('a burst of events to one endpoint is delivered by a few workflow runs, each event once', async () => {
  const { org, receiver, endpointId } = await setUp();
  const n = 40;
  const names = Array.from({ length: n }, (_, i) => `Burst ${i}`);
  for (let i = 0; i < n; i += 8) await Promise.all(names.slice(i, i + 8).map((name) => createProduct(org.token, name)));

  await eventually(async () => receiver.received.length >= n, 30_000, { what: `${n} events received` });
  expect(new Set(receiver.received.map((r) => r.json.data.name))).toEqual(new Set(names));
  expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(n);
  expect(await runs(endpointId, 'webhookDelivery')).toBe(0); // none had to wait or try again
  const total = await runs(endpointId);
  expect(total).toBeGreaterThanOrEqual(1);
  expect(total).toBeLessThanOrEqual(Math.ceil(n / BATCH_SIZE) + 1); // was one run per delivery
  expect(await attemptsByDelivery(org.id)).toEqual(Array.from({ length: n }, () => [[1, 204]]));
});

test('events about one resource queued behind a slow batch arrive in the order they happened', async () => {
  const { org, receiver, endpointId } = await setUp();
  // The first request hangs until the timeout, so what follows queues up and goes out in the next batch.
  receiver.respondWith((_request, index) => (index === 0 ? 'hang' : 200));
  await createProduct(org.token, 'Slow');
  await eventually(async () => receiver.received.length === 1);
  const id = await createProduct(org.token, 'Ordered 0');
  for (let i = 1; i <= 6; i++) await api('PATCH', `/v1/products/${id}`, org.token, { name: `Ordered ${i}` });

  await eventually(async () => receiver.received.length === 9, 30_000, { what: 'every event received' });
  const ordered = receiver.received.map((r) => r.json.data.name as string).filter((name) => name.startsWith('Ordered'));
  expect(ordered).toEqual(Array.from({ length: 7 }, (_, i) => `Ordered ${i}`));
  // The slow one was retried in its own flow (attempt 2); the rest needed a handful of runs, not one each.
  expect(await runs(endpointId, 'webhookDelivery')).toBeGreaterThanOrEqual(1);
  expect(await runs(endpointId)).toBeLessThanOrEqual(4);
  await recordHistory(h.env.sandbox, `webhook-endpoint:${endpointId}`, 'webhook-endpoint-batches-and-hand-over');
});

test("a failing receiver's deliveries still retry in their own flow, every attempt logged as before", async () => {
  const { org, receiver, endpointId } = await setUp();
  const failures = new Map<string, number>();
  // Each event fails twice, then succeeds; the one named 'Never' always fails.
  receiver.respondWith((request) => {
    const seen = (failures.get(request.headers['webhook-id']) ?? 0) + 1;
    failures.set(request.headers['webhook-id'], seen);
    return request.json.data.name === 'Never' || seen <= 2 ? 503 : 200;
  });
  await Promise.all(['Retried 1', 'Retried 2', 'Retried 3', 'Never'].map((name) => createProduct(org.token, name)));

  await eventually(async () => {
    const [row] = await h.env.sandbox.orm.em
      .fork()
      .execute<{ pending: number }[]>(
        "select count(*)::int as pending from webhook_delivery where organization_id = ? and status = 'pending'",
        [org.id],
      );
    return row.pending === 0;
  }, 30_000);
  const attempts = await attemptsByDelivery(org.id);
  expect(attempts.sort((a, b) => a[a.length - 1][1]! - b[b.length - 1][1]!)).toEqual([
    ...Array.from({ length: 3 }, () => [
      [1, 503],
      [2, 503],
      [3, 200],
    ]),
    [
      [1, 503],
      [2, 503],
      [3, 503],
    ],
  ]);
  const statuses = await h.env.sandbox.orm.em
    .fork()
    .execute<{ status: string }[]>('select status from webhook_delivery where organization_id = ? order by status', [
      org.id,
    ]);
  expect(statuses.map((s) => s.status)).toEqual(['failed', 'succeeded', 'succeeded', 'succeeded']);
  expect(await runs(endpointId, 'webhookDelivery')).toBe(4);
});
