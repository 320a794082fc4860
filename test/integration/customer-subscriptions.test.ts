// POST /v1/subscriptions/: a subscription for an existing customer, free or charged off-session on its saved method,
// through the same writers and workflow as a checkout's — first order, tax, webhooks, renewals on a test clock. A
// decline writes nothing.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { advance, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
let receiver: Receiver;
let shop: Call;
const START = '2026-03-05T00:00:00Z';

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'customer_sessions:write'], 'sandbox');
  shop = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  const events = ['subscription.created', 'order.created', 'order.paid'];
  expect((await shop('POST', '/v1/webhooks/endpoints', { url: receiver.url, format: 'raw', events })).status).toBe(201);
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

const monthly = async (amount: number, extra: Record<string, unknown> = {}) =>
  (
    await shop('POST', '/v1/products/', {
      name: `Plan ${amount}`,
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: amount }],
      ...extra,
    })
  ).body.id as string;

/** A customer on a new test clock in Germany, with `card` saved through the portal (none when null). */
async function customer(card: string | null, externalId?: string) {
  const clock = await shop('POST', '/v1/test-clocks/', { frozen_time: START });
  const created = await shop('POST', '/v1/customers/', {
    email: `c-${clock.body.id}@example.com`,
    external_id: externalId,
    billing_address: { country: 'DE' },
    test_clock_id: clock.body.id,
  });
  expect(created.status).toBe(201);
  if (card) {
    const session = await shop('POST', '/v1/customer-sessions/', { customer_id: created.body.id });
    const added = await h.request('POST', '/v1/customer-portal/customers/me/payment-methods', {
      token: session.body.token,
      environment: 'sandbox',
      json: { confirmation_token_id: card, set_default: true, return_url: 'https://shop.example/' },
    });
    expect(added.status).toBe(201);
  }
  return { id: created.body.id as string, clockId: clock.body.id as string };
}

const ordersOf = async (subscriptionId: string) =>
  (await shop('GET', `/v1/orders/?subscription_id=${subscriptionId}&sorting=created_at`)).body.items;
const subscriptionsOf = async (customerId: string) =>
  (await shop('GET', `/v1/subscriptions/?customer_id=${customerId}`)).body.items;
const charges = async (reference: string) =>
  h.env.sandbox.orm.em
    .fork()
    .execute<{ amount: number; status: string }[]>(
      'select c.amount, c.status from sandbox_processor_charge c where c.idempotency_key like ?',
      [`subscription:${reference}:%`],
    );

test('a paid product: charged on the default method, taxed, announced like a checkout, renewed on the clock', async () => {
  const productId = await monthly(1190);
  const buyer = await customer('pm_card_visa');
  const key = `create-${buyer.id}`;
  const body = { product_id: productId, customer_id: buyer.id, metadata: { plan: 'pro' } };
  const created = await shop('POST', '/v1/subscriptions/', body, { 'x-idempotency-key': key });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    status: 'active',
    customer_id: buyer.id,
    product_id: productId,
    amount: 1190,
    checkout_id: null,
    metadata: { plan: 'pro' },
    current_period_start: new Date(START).toISOString(),
  });
  const id = created.body.id;
  const again = await shop('POST', '/v1/subscriptions/', body, { 'x-idempotency-key': key });
  expect(again.status).toBe(201);
  expect(again.body.id).toBe(id);
  const reused = await shop(
    'POST',
    '/v1/subscriptions/',
    { ...body, product_id: await monthly(500) },
    { 'x-idempotency-key': key },
  );
  expect(reused.status).toBe(409);

  const [first, ...rest] = await eventually(async () => {
    const orders = await ordersOf(id);
    return orders.length && orders[0].paid && orders;
  });
  expect(rest).toEqual([]);
  // German VAT (19%) is included in the price: 1190 = 1000 + 190.
  expect(first).toMatchObject({
    billing_reason: 'subscription_create',
    status: 'paid',
    net_amount: 1000,
    tax_amount: 190,
    total_amount: 1190,
  });
  expect(await charges(id)).toEqual([{ amount: 1190, status: 'succeeded' }]);
  const types = await eventually(async () => {
    const mine = receiver.received.filter((r) => [r.json.data.id, r.json.data.subscription_id].includes(id));
    const seen = mine.map((r) => r.json.type);
    return ['subscription.created', 'order.created', 'order.paid'].every((t) => seen.includes(t)) && seen;
  });
  expect(types.filter((t: string) => t === 'subscription.created')).toHaveLength(1);

  // The workflow renews it a month later on the same saved method.
  await advance(shop, buyer.clockId, '2026-04-05T00:00:01Z');
  const renewed = await eventually(async () => {
    const orders = await ordersOf(id);
    return orders.length === 2 && orders.every((o: any) => o.paid) && orders;
  });
  expect(renewed[1]).toMatchObject({ billing_reason: 'subscription_cycle', total_amount: 1190, tax_amount: 190 });
});

test('a free product needs no payment method; a trial starts without an order; by external customer id', async () => {
  const free = await customer(null, `ext-${Date.now()}`);
  const freeProduct = await monthly(0);
  const created = await shop('POST', '/v1/subscriptions/', {
    product_id: freeProduct,
    external_customer_id: `ext-${free.id}`,
  });
  expect(created.status).toBe(422); // no such external id
  const byExternal = (await shop('GET', `/v1/customers/${free.id}`)).body.external_id;
  const ok = await shop('POST', '/v1/subscriptions/', { product_id: freeProduct, external_customer_id: byExternal });
  expect(ok.status).toBe(201);
  expect(ok.body).toMatchObject({ status: 'active', amount: 0, customer_id: free.id });
  const [order] = await eventually(async () => (await ordersOf(ok.body.id)).filter((o: any) => o.paid));
  expect(order).toMatchObject({ billing_reason: 'subscription_create', total_amount: 0 });

  const paidWithoutMethod = await shop('POST', '/v1/subscriptions/', {
    product_id: await monthly(900),
    customer_id: free.id,
  });
  expect(paidWithoutMethod.status).toBe(422);
  expect(paidWithoutMethod.body.detail[0].loc).toEqual(['body', 'customer_id']);

  const trialing = await customer('pm_card_visa');
  const trialProduct = await monthly(900, { trial_interval: 'day', trial_interval_count: 7 });
  const trial = await shop('POST', '/v1/subscriptions/', { product_id: trialProduct, customer_id: trialing.id });
  expect(trial.status).toBe(201);
  expect(trial.body).toMatchObject({ status: 'trialing', trial_end: '2026-03-12T00:00:00.000Z' });
  expect(await ordersOf(trial.body.id)).toEqual([]);
  expect(await charges(trial.body.id)).toEqual([]);
});

test('a declined charge is a 402 and leaves no subscription and no order behind', async () => {
  const buyer = await customer('4000000000000341'); // saves fine, every charge fails
  const declined = await shop('POST', '/v1/subscriptions/', { product_id: await monthly(1500), customer_id: buyer.id });
  expect(declined.status).toBe(402);
  expect(declined.body).toMatchObject({ error: 'PaymentFailed', detail: expect.stringContaining('declined') });
  expect(await subscriptionsOf(buyer.id)).toEqual([]);
  expect((await shop('GET', `/v1/orders/?customer_id=${buyer.id}`)).body.items).toEqual([]);
  const other = await shop('POST', '/v1/subscriptions/', {
    product_id: await monthly(1500),
    customer_id: '00000000-0000-4000-8000-000000000000',
  });
  expect(other.status).toBe(422);
});
