// The event types a webhook receiver gets from the flows that had none before (discount.*, subscription.cycled) or
// whose delivery no other test showed (benefit_grant.updated): each when it happens, signed, and accepted by the 1.x
// client's `validateEvent`. The catalogue test (webhook-event-catalogue.test.ts) cites these tests by title.
import { randomUUID } from 'node:crypto';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { clientWebhooks } from '../support/polar-sdk';
import { purchase } from '../support/purchases';
import { SUBSCRIPTION_SCOPES, advance, getSubscription, subscribe, type Call } from '../support/subscriptions';
import { upload } from '../support/upload';
import { startReceiver, verifies, type ReceivedWebhook, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
let call: Call;
let token: string;
let receiver: Receiver;
let secret: string;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  const org = await h.organization(
    [...SUBSCRIPTION_SCOPES, 'benefits:read', 'benefits:write', 'files:write'],
    'sandbox',
  );
  token = org.token;
  call = (method, path, json, headers) => h.request(method, path, { token, environment: 'sandbox', json, headers });
  receiver = await startReceiver();
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: [
      'discount.created',
      'discount.updated',
      'discount.deleted',
      'subscription.cycled',
      'subscription.updated',
      'benefit_grant.updated',
    ],
  });
  expect(endpoint.status).toBe(201);
  secret = endpoint.body.secret;
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await h.close();
});

/** The deliveries of `types` about one resource, in the order they were written (delivery keeps it per resource). */
const about = (id: string, types: string[]) =>
  receiver.received
    .filter((r) => types.includes(r.json.type) && (r.json.data.id === id || r.json.data.benefit_id === id))
    .sort((a, b) => Date.parse(a.json.timestamp) - Date.parse(b.json.timestamp));

/** Signed with the endpoint's secret, and taken by the 1.x client's receiver as the type it says. */
async function expectAccepted(request: ReceivedWebhook): Promise<void> {
  expect(verifies(secret, request)).toBe(true);
  const event = await clientWebhooks('2027-01').validateEvent(request.body, request.headers, secret);
  expect(event.type).toBe(request.json.type);
}

const outboxTypes = (id: string) =>
  h.env.sandbox.orm.em
    .fork()
    .execute<{ type: string }[]>(
      "select payload->>'type' as type from outbox_message where kind = 'event' and payload->'data'->>'id' = ? order by seq",
      [id],
    )
    .then((rows) => rows.map((row) => row.type));

test('discount.created, .updated and .deleted arrive signed, each with the discount as the API rendered it; a refused change sends none', async () => {
  const code = `LAUNCH${randomUUID().slice(0, 8)}`;
  const product = await call('POST', '/v1/products/', {
    name: 'Course',
    prices: [{ amount_type: 'fixed', price_amount: 5000 }],
  });
  const created = await call('POST', '/v1/discounts/', {
    name: 'Launch',
    type: 'percentage',
    basis_points: 1500,
    duration: 'once',
    code,
    products: [product.body.id],
  });
  expect(created.status).toBe(201);
  expect(created.body.products).toEqual([expect.objectContaining({ id: product.body.id, name: 'Course' })]);
  const updated = await call('PATCH', `/v1/discounts/${created.body.id}`, { name: 'Launch week', max_redemptions: 50 });
  expect(updated.status).toBe(200);
  // Refused at the flush by the unique index on codes (ignoring case): the change and its event never happen.
  const other = await call('POST', '/v1/discounts/', {
    name: 'Other',
    type: 'fixed',
    amount: 500,
    duration: 'forever',
    code: `${code}X`,
  });
  const clash = await call('PATCH', `/v1/discounts/${created.body.id}`, { name: 'Renamed', code: `${code}x` });
  expect(clash.status).toBe(422);
  expect((await call('DELETE', `/v1/discounts/${created.body.id}`)).status).toBe(204);

  const events = await eventually(
    async () =>
      about(created.body.id, ['discount.created', 'discount.updated', 'discount.deleted']).length === 3 &&
      about(created.body.id, ['discount.created', 'discount.updated', 'discount.deleted']),
  );
  expect(events.map((e) => e.json.type)).toEqual(['discount.created', 'discount.updated', 'discount.deleted']);
  // What the API answered, each time (a dated API version may render fields the default shape leaves out).
  [created.body, updated.body, updated.body].forEach((rendered, i) =>
    expect(events[i].json.data).toMatchObject(rendered),
  );
  for (const event of events) await expectAccepted(event);
  expect(await outboxTypes(created.body.id)).toEqual(['discount.created', 'discount.updated', 'discount.deleted']);
  expect(await outboxTypes(other.body.id)).toEqual(['discount.created']);
});

test('subscription.cycled: once per new period — the trial converting (still trialing) and each renewal — and not when it ends', async () => {
  const { clockId, subscription } = await subscribe(h, call, {
    price: 2000,
    trialDays: 14,
    start: '2025-06-01T12:00:00Z',
  });
  await advance(call, clockId, '2025-08-01T00:00:00Z');
  const cycled = await eventually(
    async () =>
      about(subscription.id, ['subscription.cycled']).length === 2 && about(subscription.id, ['subscription.cycled']),
  );
  expect(
    cycled.map((e) => [e.json.data.status, e.json.data.current_period_start, e.json.data.current_period_end]),
  ).toEqual([
    ['trialing', '2025-06-15T12:00:00.000Z', '2025-07-15T12:00:00.000Z'],
    ['active', '2025-07-15T12:00:00.000Z', '2025-08-15T12:00:00.000Z'],
  ]);
  for (const event of cycled) await expectAccepted(event);

  expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: true })).status).toBe(
    200,
  );
  await advance(call, clockId, '2025-09-01T00:00:00Z');
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'canceled',
    ended_at: '2025-08-15T12:00:00.000Z',
  });
  // The end's subscription.updated arrived, and this resource's events arrive in order: no cycle came before it.
  await eventually(async () =>
    about(subscription.id, ['subscription.updated']).some((e) => e.json.data.status === 'canceled'),
  );
  expect(about(subscription.id, ['subscription.cycled'])).toHaveLength(2);
  // Written with the period it starts, in the renewal's transaction, just before that renewal's subscription.updated.
  const types = await outboxTypes(subscription.id);
  expect(types.filter((type) => type === 'subscription.cycled')).toHaveLength(2);
  expect(types.flatMap((type, i) => (type === 'subscription.cycled' ? [types[i + 1]] : []))).toEqual([
    'subscription.updated',
    'subscription.updated',
  ]);
}, 90_000);

test("benefit_grant.updated: a downloadable benefit gaining a file reaches its holder's grant, with the properties before", async () => {
  const manual = await upload(h, token, Buffer.from('the manual'), { environment: 'sandbox', name: 'manual.pdf' });
  const errata = await upload(h, token, Buffer.from('the errata'), { environment: 'sandbox', name: 'errata.pdf' });
  expect([manual.status, errata.status]).toEqual([200, 200]);
  const benefit = await call('POST', '/v1/benefits/', {
    type: 'downloadables',
    description: 'The manual',
    properties: { files: [manual.body.id] },
  });
  const product = await call('POST', '/v1/products/', {
    name: 'Manual',
    prices: [{ amount_type: 'fixed', price_amount: 900 }],
  });
  expect((await call('POST', `/v1/products/${product.body.id}/benefits`, { benefits: [benefit.body.id] })).status).toBe(
    200,
  );
  const order = await purchase(
    h,
    call,
    { products: [product.body.id], customer_billing_address: { country: 'DE' } },
    { timeoutMs: 30_000 },
  );
  await eventually(
    async () => (await call('GET', `/v1/benefit-grants/?customer_id=${order.customer_id}`)).body.items[0]?.is_granted,
    30_000,
  );
  expect(about(benefit.body.id, ['benefit_grant.updated'])).toEqual([]);

  const files = [manual.body.id, errata.body.id];
  const changed = await call('PATCH', `/v1/benefits/${benefit.body.id}`, {
    type: 'downloadables',
    properties: { files },
  });
  expect(changed.status).toBe(200);
  const [event] = await eventually(
    async () =>
      about(benefit.body.id, ['benefit_grant.updated']).length > 0 && about(benefit.body.id, ['benefit_grant.updated']),
    30_000,
  );
  expect(event.json.data).toMatchObject({
    customer_id: order.customer_id,
    is_granted: true,
    properties: { files },
    previous_properties: { files: [manual.body.id] },
  });
  await expectAccepted(event);
}, 90_000);
