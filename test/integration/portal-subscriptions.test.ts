// The customer portal's subscriptions, with customer session tokens: each customer sees only their own; cancel and
// uncancel go through the same workflow Updates as the API, with the same webhooks; product and seat changes follow
// the organization's portal settings, set with `bursar organization portal`.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { CustomerSubscription } from '../../src/contracts/portal-subscription';
import { inTransaction } from '../../src/platform/database/transaction';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { getSubscription, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { legacy } from '../support/versioned-contract';

const run = promisify(execFile);
const bursar = (...args: string[]) =>
  run(process.execPath, [resolve(__dirname, '../../bin/bursar.js'), ...args], { env: process.env });

let h: TestHarness;
let receiver: Receiver;
let shop: { id: string; call: Call };
let other: { id: string; call: Call };
const START = '2025-04-01T00:00:00Z';
const SUBSCRIPTION_EVENTS = ['subscription.updated', 'subscription.canceled', 'subscription.uncanceled'];

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
  [shop, other] = [await merchant(), await merchant()];
  await shop.call('POST', '/v1/webhooks/endpoints', { url: receiver.url, format: 'raw', events: SUBSCRIPTION_EVENTS });
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

async function merchant() {
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'customer_sessions:write'], 'sandbox');
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  return { id: org.id, call };
}

const monthly = async (call: Call, name: string, amount: number, extra: Record<string, unknown> = {}) =>
  (
    await call('POST', '/v1/products/', {
      name,
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: amount }],
      ...extra,
    })
  ).body.id as string;

/** A portal client for the subscription's customer, with a token from POST /v1/customer-sessions/. */
async function portalOf(call: Call, customerId: string): Promise<Call> {
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: customerId });
  expect(session.status).toBe(201);
  return (method, path, json) =>
    h.request(method, `/v1/customer-portal${path}`, { token: session.body.token, environment: 'sandbox', json });
}

/** The subscription's webhooks received so far, by type, in order. */
const eventsOf = (id: string) =>
  receiver.received.filter((r) => SUBSCRIPTION_EVENTS.includes(r.json.type) && r.json.data.id === id);

test("each customer lists and reads only their own subscriptions, as CustomerSubscription; another's is 404 and stays as it was", async () => {
  const product = await monthly(shop.call, 'Garden Club', 1000);
  const ada = (await subscribe(h, shop.call, { product, start: START })).subscription;
  const bob = (await subscribe(h, shop.call, { product, start: START })).subscription;
  const cy = (await subscribe(h, other.call, { price: 700, start: START })).subscription;
  const portal = await portalOf(shop.call, ada.customer_id);

  const list = await portal('GET', '/subscriptions/');
  expect(list.status).toBe(200);
  expect(list.body.items.map((s: any) => s.id)).toEqual([ada.id]);
  const [item] = list.body.items;
  expect(legacy(CustomerSubscription).strict().parse(item)).toBeTruthy(); // every field of the model, and no other
  expect(item.product).not.toHaveProperty('metadata');
  expect(item.product.organization).toMatchObject({
    id: shop.id,
    customer_portal_settings: { subscription: { update_plan: true, update_seats: true } },
  });
  expect(item).toMatchObject({
    customer_id: ada.customer_id,
    product_id: product,
    prices: [{ price_amount: 1000 }],
    meters: [],
    pending_update: null,
  });
  expect((await portal('GET', `/subscriptions/${ada.id}`)).body).toEqual(item);

  const listed = async (query: string) =>
    (await portal('GET', `/subscriptions/?${query}`)).body.items.map((s: any) => s.id);
  expect(await listed('active=true')).toEqual([ada.id]);
  expect(await listed('active=false')).toEqual([]);
  expect(await listed(`product_id=${cy.product_id}`)).toEqual([]);
  expect(await listed('query=garden&sorting=organization&sorting=-amount')).toEqual([ada.id]);
  expect(await listed('query=orchard')).toEqual([]);

  for (const id of [bob.id, cy.id]) {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { cancel_at_period_end: true }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await portal(method, `/subscriptions/${id}`, body);
      expect([method, id, refused.status, refused.body.error]).toEqual([method, id, 404, 'ResourceNotFound']);
    }
  }
  expect(await getSubscription(shop.call, bob.id)).toMatchObject({
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
  });
  expect(await getSubscription(other.call, cy.id)).toMatchObject({
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
  });

  // Revoking at once is the organization's to do; one kind of change per request.
  expect((await portal('PATCH', `/subscriptions/${ada.id}`, { revoke: true })).status).toBe(422);
  expect((await portal('PATCH', `/subscriptions/${ada.id}`, { cancel_at_period_end: true, seats: 2 })).status).toBe(
    422,
  );
  expect(await getSubscription(shop.call, ada.id)).toMatchObject({ status: 'active', cancel_at_period_end: false });
});

test('cancel with a reason, uncancel and cancel again from the portal: the same states and webhooks as from the API', async () => {
  const product = await monthly(shop.call, 'Seed Box', 1500);
  const ada = (await subscribe(h, shop.call, { product, start: START })).subscription;
  const bob = (await subscribe(h, shop.call, { product, start: START })).subscription;
  const portal = await portalOf(shop.call, ada.customer_id);
  const api = (body: unknown) => shop.call('PATCH', `/v1/subscriptions/${bob.id}`, body);

  const canceled = await portal('PATCH', `/subscriptions/${ada.id}`, {
    cancel_at_period_end: true,
    cancellation_reason: 'too_expensive',
    cancellation_comment: 'Fewer seeds, please',
  });
  expect(canceled.status).toBe(200);
  const expected = {
    cancel_at_period_end: true,
    canceled_at: '2025-04-01T00:00:00.000Z',
    ends_at: '2025-05-01T00:00:00.000Z',
    customer_cancellation_reason: 'too_expensive',
    customer_cancellation_comment: 'Fewer seeds, please',
  };
  expect(legacy(CustomerSubscription).strict().parse(canceled.body)).toMatchObject(expected);
  expect(await getSubscription(shop.call, ada.id)).toMatchObject(expected);
  expect((await api({ cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive' })).status).toBe(200);

  for (const again of [
    await portal('PATCH', `/subscriptions/${ada.id}`, { cancel_at_period_end: true }),
    await portal('DELETE', `/subscriptions/${ada.id}`),
  ])
    expect([again.status, again.body.error]).toEqual([403, 'AlreadyCanceledSubscription']);

  const uncanceled = await portal('PATCH', `/subscriptions/${ada.id}`, { cancel_at_period_end: false });
  expect(uncanceled.status).toBe(200);
  expect(uncanceled.body).toMatchObject({
    cancel_at_period_end: false,
    canceled_at: null,
    ends_at: null,
    customer_cancellation_reason: null,
  });
  expect((await api({ cancel_at_period_end: false })).status).toBe(200);

  const deleted = await portal('DELETE', `/subscriptions/${ada.id}`);
  expect(deleted.status).toBe(200);
  expect(deleted.body).toMatchObject({
    status: 'active',
    cancel_at_period_end: true,
    ends_at: '2025-05-01T00:00:00.000Z',
    customer_cancellation_reason: null,
  });
  expect((await api({ cancel_at_period_end: true })).status).toBe(200);

  const sequence = [
    'subscription.updated',
    'subscription.canceled',
    'subscription.updated',
    'subscription.uncanceled',
    'subscription.updated',
    'subscription.canceled',
  ];
  const types = (id: string) => eventsOf(id).map((r) => r.json.type);
  const endsWithSequence = (id: string) =>
    JSON.stringify(types(id).slice(-sequence.length)) === JSON.stringify(sequence);
  await eventually(async () => endsWithSequence(ada.id) && endsWithSequence(bob.id));
  expect(types(ada.id)).toEqual(types(bob.id));
  const firstCancel = eventsOf(ada.id).find((r) => r.json.type === 'subscription.canceled')!;
  expect(firstCancel.json.data).toMatchObject({
    customer_cancellation_reason: 'too_expensive',
    customer_cancellation_comment: 'Fewer seeds, please',
  });
});

test("product and seat changes: refused (403) while the organization's portal settings forbid them, made once allowed", async () => {
  const portalSettings = async (...flags: string[]) =>
    JSON.parse(
      (await bursar('organization', 'portal', '--organization', shop.id, ...flags, '--env', 'sandbox')).stdout,
    );
  const basic = await monthly(shop.call, 'Basic Plot', 1000);
  const pro = await monthly(shop.call, 'Pro Plot', 3000);
  const hidden = await monthly(shop.call, 'Hidden Plot', 500, { visibility: 'private' });
  const archived = await monthly(shop.call, 'Old Plot', 800);
  expect((await shop.call('PATCH', `/v1/products/${archived}`, { is_archived: true })).status).toBe(200);
  const once = (
    await shop.call('POST', '/v1/products/', {
      name: 'Seed Packet',
      prices: [{ amount_type: 'fixed', price_amount: 300 }],
    })
  ).body.id;
  const foreign = await monthly(other.call, 'Their Plot', 2000);
  const team = await shop.call('POST', '/v1/products/', {
    name: 'Team Plot',
    recurring_interval: 'month',
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: { seat_tier_type: 'volume', tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 800 }] },
      },
    ],
  });
  const plot = (await subscribe(h, shop.call, { product: basic, start: START })).subscription;
  const crew = (await subscribe(h, shop.call, { product: team.body.id, seats: 3, start: START })).subscription;
  const portal = await portalOf(shop.call, plot.customer_id);
  const crewPortal = await portalOf(shop.call, crew.customer_id);

  expect(await portalSettings('--update-plan', 'false', '--update-seats', 'false')).toMatchObject({
    environment: 'sandbox',
    id: shop.id,
    customer_portal_settings: { subscription: { update_plan: false, update_seats: false } },
  });
  expect(
    (await portal('GET', `/subscriptions/${plot.id}`)).body.product.organization.customer_portal_settings.subscription,
  ).toMatchObject({
    update_plan: false,
    update_seats: false,
  });
  const refusedPlan = await portal('PATCH', `/subscriptions/${plot.id}`, { product_id: pro });
  const refusedSeats = await crewPortal('PATCH', `/subscriptions/${crew.id}`, { seats: 5 });
  for (const refused of [refusedPlan, refusedSeats])
    expect([refused.status, refused.body.error]).toEqual([403, 'NotPermitted']);
  expect(await getSubscription(shop.call, plot.id)).toMatchObject({
    product_id: basic,
    amount: 1000,
    pending_update: null,
  });
  expect(await getSubscription(shop.call, crew.id)).toMatchObject({ seats: 3, amount: 2400, pending_update: null });

  const { orm, domains } = h.env.sandbox;
  await inTransaction(orm, (tx) =>
    domains.organizations.update(tx, shop.id, {
      customer_portal_settings: { subscription: { update_plan: true, update_seats: true } },
    }),
  );
  for (const product of [hidden, archived, once, foreign]) {
    const refused = await portal('PATCH', `/subscriptions/${plot.id}`, { product_id: product });
    expect([refused.status, refused.body.detail?.[0]?.loc]).toEqual([422, ['body', 'product_id']]);
  }
  const changed = await portal('PATCH', `/subscriptions/${plot.id}`, { product_id: pro });
  expect(changed.status).toBe(200);
  expect(legacy(CustomerSubscription).strict().parse(changed.body)).toMatchObject({
    product_id: pro,
    amount: 3000,
    product: { name: 'Pro Plot' },
  });
  expect(await getSubscription(shop.call, plot.id)).toMatchObject({ product_id: pro, pending_update: null });
  // The upgrade is charged at once (a customer who cancels afterwards has paid for it), not carried to a renewal.
  const charged = (await shop.call('GET', `/v1/orders/?subscription_id=${plot.id}&limit=100`)).body.items.find(
    (order: { billing_reason: string }) => order.billing_reason === 'subscription_update',
  );
  expect(charged).toMatchObject({ paid: true });
  expect(charged.net_amount).toBeGreaterThan(0);
  expect(charged.net_amount).toBeLessThanOrEqual(2000);
  await eventually(async () =>
    eventsOf(plot.id).some((r) => r.json.type === 'subscription.updated' && r.json.data.product_id === pro),
  );

  const seats = await crewPortal('PATCH', `/subscriptions/${crew.id}`, { seats: 5 });
  expect(seats.status).toBe(200);
  expect(seats.body).toMatchObject({ seats: 5, amount: 4000 });

  await expect(
    bursar('organization', 'portal', '--organization', shop.id, '--update-plan', 'maybe', '--env', 'sandbox'),
  ).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--update-plan must be true or false'),
  });
});
