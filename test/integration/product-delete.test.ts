// Deleting products over real HTTP in the sandbox with a real worker: a product nothing holds is deleted (product.updated
// first, then 404), one held by an order and subscription, a checkout, a checkout link or a discount is refused with
// 409 ProductNotDeletable and can be archived instead; `is_deletable` says which, in the dated versions only.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { SUBSCRIPTION_SCOPES, subscribe, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
let call: Call;
let receiver: Receiver;
const DATED = { 'polar-version': '2026-10' };

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'checkout_links:write'], 'sandbox');
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  receiver = await startReceiver();
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['product.updated'],
  });
  expect(endpoint.status).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

async function product(name: string): Promise<string> {
  const body = { name, prices: [{ amount_type: 'fixed', price_amount: 900 }] };
  const created = await call('POST', '/v1/products/', body, DATED);
  expect(created.status).toBe(201);
  expect(created.body.is_deletable).toBe(true);
  return created.body.id;
}

const deletable = async (id: string) => (await call('GET', `/v1/products/${id}`, undefined, DATED)).body.is_deletable;

async function refused(id: string) {
  const response = await call('DELETE', `/v1/products/${id}`);
  expect(response.status).toBe(409);
  expect(response.body).toMatchObject({ error: 'ProductNotDeletable', status: 409 });
  expect(response.body.detail).toMatch(/archive it instead/);
  expect(await deletable(id)).toBe(false);
}

test('a product nothing holds is deleted, after product.updated; the legacy shape has no is_deletable', async () => {
  const id = await product('Unsold');
  expect(await deletable(id)).toBe(true);
  expect((await call('GET', `/v1/products/${id}`)).body).not.toHaveProperty('is_deletable');

  expect((await call('DELETE', `/v1/products/${id}`)).status).toBe(204);
  expect((await call('GET', `/v1/products/${id}`)).status).toBe(404);
  expect((await call('DELETE', `/v1/products/${id}`)).status).toBe(404);
  expect((await call('GET', '/v1/products/?limit=100')).body.items.map((p: any) => p.id)).not.toContain(id);
  const sent = await eventually(async () => receiver.received.find((r) => r.json.data.id === id));
  expect(sent.json).toMatchObject({ type: 'product.updated', data: { id, name: 'Unsold' } });
  const [{ prices }] = await h.env.sandbox.orm.em
    .fork()
    .execute('select count(*)::int as prices from product_price where product_id = ?', [id]);
  expect(prices).toBe(0);
});

test('orders and subscriptions, checkouts, checkout links and discounts hold a product: 409, archive instead', async () => {
  const sold = await product('Sold once');
  await purchase(h, call, { products: [sold], customer_billing_address: { country: 'DE' } });
  await refused(sold);
  const archived = await call('PATCH', `/v1/products/${sold}`, { is_archived: true });
  expect(archived.status).toBe(200);
  expect(archived.body).toMatchObject({ is_archived: true });

  const { productId: subscribed } = await subscribe(h, call, { price: 700, start: '2026-03-01T00:00:00Z' });
  await refused(subscribed);

  const inCheckout = await product('In a checkout');
  expect((await call('POST', '/v1/checkouts/', { products: [inCheckout] })).status).toBe(201);
  await refused(inCheckout);

  const linked = await product('Linked');
  const link = await call('POST', '/v1/checkout-links/', { payment_processor: 'stripe', products: [linked] });
  expect(link.status).toBe(201);
  await refused(linked);
  expect((await call('DELETE', `/v1/checkout-links/${link.body.id}`)).status).toBe(204);
  expect(await deletable(linked)).toBe(true);

  const discounted = await product('Discounted');
  const discount = await call('POST', '/v1/discounts/', {
    name: 'Launch',
    type: 'percentage',
    basis_points: 1000,
    duration: 'once',
    products: [discounted],
  });
  expect(discount.status).toBe(201);
  await refused(discounted);
  expect((await call('DELETE', `/v1/discounts/${discount.body.id}`)).status).toBe(204);

  // The list tells them apart, each truthfully.
  const listed = await call('GET', '/v1/products/?limit=100', undefined, DATED);
  const byId = Object.fromEntries(listed.body.items.map((p: any) => [p.id, p.is_deletable]));
  expect(byId).toMatchObject({ [subscribed]: false, [inCheckout]: false, [linked]: true, [discounted]: true });
  for (const id of [linked, discounted]) expect((await call('DELETE', `/v1/products/${id}`)).status).toBe(204);
}, 120_000);
