// Webhook delivery end to end: real API, real worker on a real Temporal server, a real receiver verifying signatures
// with `standardwebhooks`. Retries run in seconds because the retry policy is configured so, not by another path.
// The receivers run on this machine, so the endpoints are the sandbox's: WEBHOOK_ALLOW_PRIVATE_URLS opens the sandbox
// alone, and production refuses them whatever it says (the last tests show it, on create and at delivery).
import { randomUUID } from 'node:crypto';
import { SEARCH_ATTRIBUTES } from '../../temporal.config';
import { eventually, startHarness, type RequestOptions, type TestHarness } from '../support/harness';
import { recordHistory } from '../support/record-history';
import { clientWebhooks } from '../support/polar-sdk';
import { startReceiver, verifies, type Receiver } from '../support/webhook-receiver';
import { attemptDelivery } from '../../src/domains/webhook';

let h: TestHarness;
const receivers: Receiver[] = [];

beforeAll(async () => {
  h = await startHarness({
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_RETRY_INITIAL_INTERVAL_MS: '200',
    WEBHOOK_RETRY_BACKOFF_COEFFICIENT: '1.5',
    WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000',
    WEBHOOK_MAX_ATTEMPTS: '3',
    WEBHOOK_DISABLE_AFTER_FAILURES: '2',
    WEBHOOK_ORDERING_MAX_WAIT_MS: '20000',
  });
  await h.startWorker('production');
  await h.startWorker('sandbox');
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await h.close();
});

const SCOPES = ['webhooks:read', 'webhooks:write', 'products:read', 'products:write', 'benefits:write'] as const;
/** A request to the sandbox unless it names production. */
const api = (method: string, path: string, options: RequestOptions = {}) =>
  h.request(method, path, { environment: 'sandbox', ...options });

async function setUp(
  events: string[] = ['product.created', 'product.updated'],
  environment: 'production' | 'sandbox' = 'sandbox',
) {
  const org = await h.organization([...SCOPES], environment);
  const receiver = await startReceiver();
  receivers.push(receiver);
  const endpoint = await api('POST', '/v1/webhooks/endpoints', {
    token: org.token,
    environment,
    json: { url: receiver.url, format: 'raw', events },
  });
  expect(endpoint.status).toBe(201);
  return { org, receiver, endpoint: endpoint.body as { id: string; secret: string } };
}

const createProduct = (token: string, name = 'Webhook product', environment: 'production' | 'sandbox' = 'sandbox') =>
  api('POST', '/v1/products/', {
    token,
    environment,
    json: { name, prices: [{ amount_type: 'fixed', price_amount: 1000 }] },
  });

const deliveries = (token: string, query = '') => api('GET', `/v1/webhooks/deliveries?limit=100${query}`, { token });

/**
 * Waits until nothing more is on its way to these organizations' endpoints: every event of theirs fanned out (a delivery
 * made for each enabled endpoint that wants it, none for the others) and every delivery settled (succeeded, failed for
 * good or skipped). What a receiver got by then is all it will get.
 */
const settled = (organizationIds: string[], environment: 'production' | 'sandbox' = 'sandbox') =>
  eventually(
    async () => {
      const ids = `{${organizationIds.join(',')}}`;
      const [row] = await h.env[environment].orm.em.fork().execute<{ waiting: number }[]>(
        `select (select count(*) from outbox_message where kind = 'event' and dispatched_at is null and organization_id = any(?::uuid[]))::int
              + (select count(*) from webhook_delivery where status = 'pending' and organization_id = any(?::uuid[]))::int as waiting`,
        [ids, ids],
      );
      return row.waiting === 0;
    },
    20_000,
    {
      what: `every event of organizations ${organizationIds.join(', ')} fanned out and every delivery of them settled`,
    },
  );

test('an endpoint made with a dated version receives payloads of that version, naming it, signed over that body', async () => {
  const org = await h.organization([...SCOPES], 'sandbox');
  const receiver = await startReceiver();
  receivers.push(receiver);
  const created = await api('POST', '/v1/webhooks/endpoints', {
    token: org.token,
    headers: { 'Polar-Version': '2026-10' },
    json: { url: receiver.url, format: 'raw', events: ['product.created'] },
  });
  expect([created.status, created.body.api_version, created.body.uses_standard_webhook_signature]).toEqual([
    201,
    '2026-10',
    true,
  ]);
  // Without the header the endpoint's reads are unversioned, and do not show the version.
  expect((await api('GET', `/v1/webhooks/endpoints/${created.body.id}`, { token: org.token })).body).not.toHaveProperty(
    'api_version',
  );
  const product = await createProduct(org.token);

  const [request] = await eventually(async () => receiver.received.length > 0 && receiver.received);
  expect(verifies(created.body.secret, request)).toBe(true);
  const event = await clientWebhooks('2026-10').validateEvent(request.body, request.headers, created.body.secret);
  expect(event).toMatchObject({ type: 'product.created', api_version: '2026-10' });
  expect(request.headers['webhook-api-version']).toBe('2026-10');
  const dated = await api('GET', `/v1/products/${product.body.id}`, {
    token: org.token,
    headers: { 'Polar-Version': '2026-10' },
  });
  expect(event.data).toEqual(dated.body); // the dated shape: is_deletable, and prices without the legacy type
  expect(event.data).toMatchObject({ is_deletable: true }); // nothing holds the new product yet
  expect((event.data.prices as object[])[0]).not.toHaveProperty('type');
  // The delivery log shows the payload as the endpoint received it.
  const log = await eventually(
    async () => (await deliveries(org.token, `&endpoint_id=${created.body.id}`)).body.items[0],
  );
  expect(JSON.parse(log.webhook_event.payload)).toEqual(JSON.parse(request.body));

  // Moved to another version, the endpoint's next payloads follow it.
  const moved = await api('PATCH', `/v1/webhooks/endpoints/${created.body.id}`, {
    token: org.token,
    json: { api_version: 'legacy' },
  });
  expect(moved.status).toBe(200);
  await createProduct(org.token, 'Second product');
  const [, second] = await eventually(async () => receiver.received.length > 1 && receiver.received);
  expect(second.json).toMatchObject({
    api_version: 'legacy',
    data: { name: 'Second product', prices: [{ type: 'one_time', recurring_interval: null }] },
  });
  expect(second.json.data).not.toHaveProperty('is_deletable');
  // The log still shows each delivery as it was sent and signed.
  const logged = await eventually(async () => {
    const items = (await deliveries(org.token, `&endpoint_id=${created.body.id}`)).body.items;
    return items.length === 2 && items;
  });
  expect(
    logged.map((item: { webhook_event: { payload: string } }) => JSON.parse(item.webhook_event.payload)).reverse(),
  ).toEqual([JSON.parse(request.body), JSON.parse(second.body)]);
});

test('a created product reaches the endpoint as a signed product.created event', async () => {
  const { org, receiver, endpoint } = await setUp();
  expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const product = await createProduct(org.token);

  const [request] = await eventually(async () => receiver.received.length > 0 && receiver.received);
  expect(verifies(endpoint.secret, request)).toBe(true);
  // An endpoint made without Polar-Version gets the unversioned shape, as the API answered the product.
  expect(request.json).toEqual({
    type: 'product.created',
    timestamp: expect.stringMatching(/Z$/),
    api_version: 'legacy',
    data: product.body,
  });
  expect(request.headers['webhook-api-version']).toBe('legacy');
  expect(request.headers['content-type']).toBe('application/json');
  expect(request.headers['webhook-signature'].split(' ')).toHaveLength(2);

  const log = await eventually(async () => {
    const r = await deliveries(org.token);
    return r.body.items.length === 1 && r.body.items[0].webhook_event.succeeded === true && r.body;
  });
  expect(log.items[0]).toMatchObject({
    succeeded: true,
    http_code: 204,
    attempt: 1,
    endpoint_id: endpoint.id,
    webhook_event: { id: request.headers['webhook-id'], type: 'product.created' },
  });
  expect(JSON.parse(log.items[0].webhook_event.payload)).toEqual(request.json);

  // Delivered by the endpoint's batching flow at the first attempt: no delivery flow of its own was needed.
  const workflow = h.env.sandbox.temporal.workflow.getHandle(`webhook-endpoint:${endpoint.id}`);
  const description = await workflow.describe();
  expect(description.typedSearchAttributes.get(SEARCH_ATTRIBUTES.WebhookEndpointId)).toBe(endpoint.id);
  expect(description.typedSearchAttributes.get(SEARCH_ATTRIBUTES.OrganizationId)).toBe(org.id);
  await expect(
    h.env.sandbox.temporal.workflow.getHandle(`webhook:${request.headers['webhook-id']}:${endpoint.id}`).describe(),
  ).rejects.toThrow(/not found/i);
  await recordHistory(h.env.sandbox, workflow.workflowId, 'webhook-endpoint-batch-delivered');
});

test('a receiver failing twice gets the event on the third attempt, with the same webhook-id, every attempt logged', async () => {
  const { org, receiver, endpoint } = await setUp();
  receiver.respondWith((_request, index) => (index < 2 ? 503 : 200));
  await createProduct(org.token);
  await eventually(async () => receiver.received.length === 3);
  expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
  expect(receiver.verified(endpoint.secret)).toHaveLength(3);

  const log = await eventually(async () => {
    const r = await deliveries(org.token);
    return r.body.items.length === 3 && r.body.items[0].webhook_event.succeeded && r.body;
  });
  const attempts = [...log.items].sort((a: { attempt: number }, b: { attempt: number }) => a.attempt - b.attempt);
  expect(attempts.map((a: { http_code: number; succeeded: boolean }) => [a.http_code, a.succeeded])).toEqual([
    [503, false],
    [503, false],
    [200, true],
  ]);
  expect(attempts[0].response).toBe('receiver says no');
  expect((await deliveries(org.token, '&succeeded=false')).body.pagination.total_count).toBe(2);
  expect((await deliveries(org.token, '&http_code_class=2xx')).body.pagination.total_count).toBe(1);
});

test('a receiver that never answers times out and the event is retried', async () => {
  const { org, receiver } = await setUp();
  receiver.respondWith((_request, index) => (index === 0 ? 'hang' : 200));
  await createProduct(org.token);
  await eventually(async () => receiver.received.length === 2);
  const log = await eventually(async () => {
    const r = await deliveries(org.token);
    return r.body.items.length === 2 && r.body;
  });
  const first = log.items.find((a: { attempt: number }) => a.attempt === 1);
  expect(first).toMatchObject({
    succeeded: false,
    http_code: null,
    error: expect.stringMatching(/No answer within 1000 ms/),
  });
});

test('an endpoint is disabled after the threshold of events failed for good, and enabling it resumes delivery', async () => {
  const { org, receiver, endpoint } = await setUp();
  receiver.respondWith(() => 500);
  await createProduct(org.token, 'First');
  await createProduct(org.token, 'Second');
  const disabled = await eventually(async () => {
    const r = await api('GET', `/v1/webhooks/endpoints/${endpoint.id}`, { token: org.token });
    return r.body.enabled === false && r.body;
  });
  expect(receiver.received).toHaveLength(6); // two events × three attempts
  expect(disabled.disabled_reason).toMatch(/2 consecutive events failed/);
  expect(disabled.secret).not.toBe(endpoint.secret);

  await createProduct(org.token, 'While disabled');
  await settled([org.id]); // its event fanned out to no endpoint: the only one is disabled
  expect(receiver.received).toHaveLength(6);

  receiver.respondWith(() => 200);
  const enabled = await api('PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, {
    token: org.token,
    json: { enabled: true },
  });
  expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null });
  await createProduct(org.token, 'After enabling');
  await eventually(async () => receiver.received.some((r) => r.json.data.name === 'After enabling'));
});

test('redelivery sends the event again with the same event id', async () => {
  const { org, receiver, endpoint } = await setUp();
  await createProduct(org.token);
  const [first] = await eventually(async () => receiver.received.length === 1 && receiver.received);
  const eventId = first.headers['webhook-id'];
  const response = await api('POST', `/v1/webhooks/events/${eventId}/redeliver`, { token: org.token });
  expect(response.status).toBe(202);
  expect(response.body).toEqual({});
  const [, again] = await eventually(async () => receiver.received.length === 2 && receiver.received);
  expect(again.headers['webhook-id']).toBe(eventId);
  expect(again.body).toBe(first.body);
  expect(verifies(endpoint.secret, again)).toBe(true);
  expect((await api('POST', `/v1/webhooks/events/${randomUUID()}/redeliver`, { token: org.token })).status).toBe(404);
});

test('events of types the endpoint did not subscribe to are not sent', async () => {
  const { org, receiver } = await setUp(['benefit.created']);
  await createProduct(org.token);
  const benefit = await api('POST', '/v1/benefits/', {
    token: org.token,
    json: { type: 'custom', description: 'Support', properties: {} },
  });
  await eventually(async () => receiver.received.length > 0);
  await settled([org.id]); // product.created fanned out too, to no endpoint
  expect(receiver.received.map((r) => r.json.type)).toEqual(['benefit.created']);
  expect(receiver.received[0].json.data.id).toBe(benefit.body.id);
});

test('events about one resource arrive in the order they happened, a later one waiting while an earlier one is retried', async () => {
  const { org, receiver } = await setUp();
  let createdFailures = 0;
  receiver.respondWith((request) => (request.json.type === 'product.created' && createdFailures++ < 2 ? 500 : 200));
  const product = await createProduct(org.token, 'Ordered v1');
  await api('PATCH', `/v1/products/${product.body.id}`, { token: org.token, json: { name: 'Ordered v2' } });
  await eventually(async () => receiver.received.filter((r) => r.json.type === 'product.updated').length === 1);
  const types = receiver.received.map((r) => `${r.json.type}`);
  expect(types).toEqual(['product.created', 'product.created', 'product.created', 'product.updated']);
});

test('a later event about a resource waits, on every attempt, for an earlier one whose fan-out was lost until the relay sends it', async () => {
  const { org, receiver } = await setUp();
  const product = await createProduct(org.token, 'Ordered v1');
  await eventually(async () => receiver.received.length === 1, 20_000, { what: 'product.created delivered' });
  // product.updated written with its change, its dispatch after commit lost (PostgreSQL or the process went away).
  const [created] = await h.env.sandbox.orm.em
    .fork()
    .execute<{ data: object }[]>(
      "select payload->'data' as data from outbox_message where organization_id = ? and payload->>'type' = 'product.created'",
      [org.id],
    );
  const lost = await h.env.sandbox.orm.em.fork().transactional(async (em) =>
    h.env.sandbox.outbox.enqueueEvent({ em, afterCommit: () => undefined }, org.id, 'product.updated', {
      ...created.data,
      name: 'Ordered v2',
    }),
  );
  await api('PATCH', `/v1/products/${product.body.id}`, { token: org.token, json: { name: 'Ordered v3' } });
  const later = await eventually(
    async () =>
      (
        await h.env.sandbox.orm.em
          .fork()
          .execute<{ id: string; event_id: string; endpoint_id: string }[]>(
            "select d.id, d.event_id, d.endpoint_id from webhook_delivery d join outbox_message m on m.id = d.event_id where m.organization_id = ? and m.payload->'data'->>'name' = 'Ordered v3'",
            [org.id],
          )
      )[0],
    20_000,
    { what: 'the later product.updated fanned out' },
  );
  const flow = h.env.sandbox.temporal.workflow.getHandle(`webhook:${later.event_id}:${later.endpoint_id}`);
  // The endpoint's batch finds it behind the lost event and hands it to its own delivery flow, which pauses.
  const paused = async () => (await flow.fetchHistory()).events!.some((e) => e.timerStartedEventAttributes);
  await eventually(async () => paused().catch(() => false), 20_000, { what: 'the later delivery pausing' });
  expect(receiver.received.map((r) => r.json.data.name)).toEqual(['Ordered v1']);
  // A retried attempt (its first try failed before it could check, the worker killed or PostgreSQL away) waits too.
  const step = attemptDelivery(h.env.sandbox.domains.webhookFlow, later.id, 2, undefined, { waitForEarlier: true });
  expect(await step).toBe('waiting');

  await h.env.sandbox.outbox.relayOnce(0);
  expect(
    await h.env.sandbox.orm.em
      .fork()
      .execute('select dispatched_at is not null as sent from outbox_message where id = ?', [lost.id]),
  ).toEqual([{ sent: true }]);
  await eventually(async () => receiver.received.length === 3, 30_000, { what: 'both product.updated delivered' });
  expect(receiver.received.map((r) => r.json.data.name)).toEqual(['Ordered v1', 'Ordered v2', 'Ordered v3']);
});

test('an earlier event the endpoint does not subscribe to holds nothing back, fanned out or not', async () => {
  const { org, receiver } = await setUp(['product.updated']);
  const product = await createProduct(org.token, 'Unordered v1');
  const [created] = await h.env.sandbox.orm.em
    .fork()
    .execute<{ data: object }[]>(
      "select payload->'data' as data from outbox_message where organization_id = ? and payload->>'type' = 'product.created'",
      [org.id],
    );
  await h.env.sandbox.orm.em
    .fork()
    .transactional(async (em) =>
      h.env.sandbox.outbox.enqueueEvent({ em, afterCommit: () => undefined }, org.id, 'product.created', created.data),
    );
  await api('PATCH', `/v1/products/${product.body.id}`, { token: org.token, json: { name: 'Unordered v2' } });
  await eventually(async () => receiver.received.length === 1, 20_000, { what: 'product.updated delivered' });
  const [delivery] = await h.env.sandbox.orm.em
    .fork()
    .execute<{ event_id: string; endpoint_id: string }[]>(
      'select event_id, endpoint_id from webhook_delivery where organization_id = ?',
      [org.id],
    );
  // It never paused: delivered at once by the endpoint's batch, with no delivery flow of its own to wait in.
  await expect(
    h.env.sandbox.temporal.workflow.getHandle(`webhook:${delivery.event_id}:${delivery.endpoint_id}`).describe(),
  ).rejects.toThrow(/not found/i);
  expect(receiver.received.map((r) => r.json.data.name)).toEqual(['Unordered v2']);
});

test('resetting the secret invalidates the old signatures', async () => {
  const { org, receiver, endpoint } = await setUp();
  const reset = await api('PATCH', `/v1/webhooks/endpoints/${endpoint.id}/secret`, { token: org.token });
  expect(reset.status).toBe(200);
  expect(reset.body.secret).not.toBe(endpoint.secret);
  expect((await api('GET', `/v1/webhooks/endpoints/${endpoint.id}`, { token: org.token })).body.secret).toMatch(
    /^whsec_\*{8}/,
  );
  await createProduct(org.token);
  const [request] = await eventually(async () => receiver.received.length === 1 && receiver.received);
  expect(verifies(reset.body.secret, request)).toBe(true);
  expect(verifies(endpoint.secret, request)).toBe(false);
});

test("organization A's endpoint never receives organization B's events", async () => {
  const a = await setUp();
  const b = await setUp();
  await createProduct(b.org.token, 'B product');
  await createProduct(a.org.token, 'A product');
  await eventually(async () => a.receiver.received.length === 1 && b.receiver.received.length === 1);
  await settled([a.org.id, b.org.id]);
  expect(a.receiver.received.map((r) => r.json.data.name)).toEqual(['A product']);
  expect(b.receiver.received.map((r) => r.json.data.name)).toEqual(['B product']);
  expect((await api('GET', `/v1/webhooks/endpoints/${a.endpoint.id}`, { token: b.org.token })).status).toBe(404);
  expect(
    (await deliveries(b.org.token)).body.items.every((d: { endpoint_id: string }) => d.endpoint_id === b.endpoint.id),
  ).toBe(true);
});

test('production and sandbox are isolated', async () => {
  const production = await h.organization([...SCOPES], 'production');
  const sandbox = await setUp(['product.created'], 'sandbox');
  await createProduct(sandbox.org.token, 'Sandbox product', 'sandbox');
  await createProduct(production.token, 'Production product', 'production');
  await settled([production.id], 'production');
  await settled([sandbox.org.id]);
  expect(sandbox.receiver.received.map((r) => r.json.data.name)).toEqual(['Sandbox product']);
  expect((await api('GET', `/v1/webhooks/endpoints/${sandbox.endpoint.id}`, { token: production.token })).status).toBe(
    401,
  );
});

test('production refuses receivers on this machine or a private network even with WEBHOOK_ALLOW_PRIVATE_URLS=true', async () => {
  const org = await h.organization([...SCOPES], 'production');
  const receiver = await startReceiver();
  receivers.push(receiver);
  const { port } = new URL(receiver.url);
  const urls = [
    receiver.url,
    `http://[::1]:${port}/`,
    `http://localhost:${port}/`,
    'https://10.0.0.8/x',
    'http://169.254.169.254/latest/meta-data/',
  ];
  const production = { token: org.token, environment: 'production' } as const;
  for (const url of urls) {
    const created = await api('POST', '/v1/webhooks/endpoints', {
      ...production,
      json: { url, format: 'raw', events: ['product.created'] },
    });
    expect([url, created.status, created.body.detail?.[0]?.type]).toEqual([url, 422, 'url_refused']);
  }
});

test('production never delivers to this machine even with WEBHOOK_ALLOW_PRIVATE_URLS=true: the connection is refused', async () => {
  const org = await h.organization([...SCOPES], 'production');
  const receiver = await startReceiver();
  receivers.push(receiver);
  const production = { token: org.token, environment: 'production' } as const;
  // An endpoint saved before this rule (or a name that resolves elsewhere by now): the delivery refuses to connect.
  const endpoint = await api('POST', '/v1/webhooks/endpoints', {
    ...production,
    json: { url: 'https://hooks.example.com/bursar', format: 'raw', events: ['product.created'] },
  });
  expect(endpoint.status).toBe(201);
  await h.env.production.orm.em
    .fork()
    .execute('update webhook_endpoint set url = ? where id = ?', [receiver.url, endpoint.body.id]);
  await createProduct(org.token, 'Production product', 'production');
  await settled([org.id], 'production');
  expect(receiver.received).toHaveLength(0);
  const log = (await api('GET', '/v1/webhooks/deliveries?limit=100', production)).body.items;
  expect(log.length).toBeGreaterThan(0);
  expect(log.every((attempt: { succeeded: boolean }) => !attempt.succeeded)).toBe(true);
  expect(log[0]).toMatchObject({ http_code: null, error: expect.stringMatching(/private address/) });
});

test('an event whose first dispatch was lost is delivered by the relay', async () => {
  const { org, receiver } = await setUp(['benefit.created']);
  const event = await h.env.sandbox.orm.em.fork().transactional(async (em) =>
    h.env.sandbox.outbox.enqueueEvent({ em, afterCommit: () => undefined }, org.id, 'benefit.created', {
      id: randomUUID(),
      created_at: new Date().toISOString(),
      modified_at: null,
      type: 'custom',
      description: 'Written before delivery existed',
      selectable: true,
      deletable: true,
      is_deleted: false,
      organization_id: org.id,
      metadata: {},
      visibility: 'public',
      visibility_configurable: true,
      properties: { note: null },
    }),
  );
  // Nothing else dispatches it (the tests run no relay loop): it waits in the outbox with no delivery, and only a
  // delivery row sends anything. So the receiver has nothing, and nothing is on its way.
  const db = h.env.sandbox.orm.em.fork();
  expect(await db.execute('select dispatched_at from outbox_message where id = ?', [event.id])).toEqual([
    { dispatched_at: null },
  ]);
  expect(await db.execute('select id from webhook_delivery where event_id = ?', [event.id])).toEqual([]);
  expect(receiver.received).toHaveLength(0);
  await h.env.sandbox.outbox.relayOnce(0);
  await eventually(async () => receiver.received.length === 1);
  expect(receiver.received[0].json.data.description).toBe('Written before delivery existed');
});
