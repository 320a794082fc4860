// Checkout links: CRUD over HTTP, and the public link that opens a fresh, prefilled session on every visit.
import { CheckoutLink } from '../../src/contracts/checkout-link';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };
const call = (method: string, path: string, json?: unknown, token = org.token) =>
  h.request(method, path, { token, environment: 'sandbox', json });

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(
    ['checkout_links:read', 'checkout_links:write', 'checkouts:read', 'products:write', 'discounts:write'],
    'sandbox',
  );
});
afterAll(() => h.close());

async function visit(url: string) {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(307);
  const secret = response.headers.get('location')!.split('/checkout/')[1];
  const session = await h.request('GET', `/v1/checkouts/client/${secret}`, { environment: 'sandbox' });
  expect(session.status).toBe(200);
  return session.body;
}

test('a link opens a new prefilled session on every visit; bad prefills are ignored', async () => {
  const product = await call('POST', '/v1/products/', {
    name: 'Donation',
    prices: [{ amount_type: 'custom', minimum_amount: 100, maximum_amount: 10_000 }],
  });
  const created = await call('POST', '/v1/checkout-links/', {
    payment_processor: 'stripe',
    product_id: product.body.id,
    label: 'Spring campaign',
    metadata: { campaign: 'spring' },
  });
  expect(created.status).toBe(201);
  expect(legacy(CheckoutLink).parse(created.body)).toBeTruthy();
  expect(created.body).toMatchObject({
    label: 'Spring campaign',
    products: [expect.objectContaining({ id: product.body.id })],
  });
  expect(created.body.url).toMatch(/\/v1\/checkout-links\/bursar_cl_[\w-]+\/redirect$/);

  const first = await visit(`${created.body.url}?customer_email=ada@example.com&amount=2500&utm_source=newsletter`);
  expect(first).toMatchObject({ customer_email: 'ada@example.com', amount: 2500, product_id: product.body.id });
  const session = await call('GET', `/v1/checkouts/${first.id}`);
  expect(session.body.metadata).toEqual({ campaign: 'spring', utm_source: 'newsletter' });

  const second = await visit(`${created.body.url}?amount=99999999&customer_email=not-an-email`);
  expect(second.id).not.toBe(first.id);
  expect(second).toMatchObject({ customer_email: null, amount: 100 });
});

test('a link by price, a link with a discount code prefill, update, list and delete', async () => {
  const product = await call('POST', '/v1/products/', {
    name: 'Guide',
    prices: [{ amount_type: 'fixed', price_amount: 2000 }],
  });
  const byPrice = await call('POST', '/v1/checkout-links/', {
    payment_processor: 'stripe',
    product_price_id: product.body.prices[0].id,
  });
  expect(byPrice.body.products.map((p: { id: string }) => p.id)).toEqual([product.body.id]);
  await call('POST', '/v1/discounts/', {
    name: 'Ten',
    type: 'percentage',
    basis_points: 1000,
    duration: 'once',
    code: 'TEN',
  });
  const withCode = await visit(`${byPrice.body.url}?discount_code=ten`);
  expect(withCode).toMatchObject({ discount_amount: 200, net_amount: 1800 });
  const withBadCode = await visit(`${byPrice.body.url}?discount_code=nope`);
  expect(withBadCode).toMatchObject({ discount_amount: 0, discount_id: null });

  const updated = await call('PATCH', `/v1/checkout-links/${byPrice.body.id}`, {
    label: 'Renamed',
    require_billing_address: true,
  });
  expect(updated.body).toMatchObject({ label: 'Renamed', require_billing_address: true });
  expect((await call('GET', `/v1/checkout-links/?product_id=${product.body.id}`)).body.pagination.total_count).toBe(1);

  const other = await h.organization(['checkout_links:read', 'checkout_links:write'], 'sandbox');
  expect((await call('GET', `/v1/checkout-links/${byPrice.body.id}`, undefined, other.token)).status).toBe(404);
  const deleted = await fetch(`${h.url.sandbox}/v1/checkout-links/${byPrice.body.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${org.token}` },
  });
  expect([deleted.status, deleted.headers.get('content-type'), await deleted.text()]).toEqual([204, null, '']);
  expect((await fetch(byPrice.body.url, { redirect: 'manual' })).status).toBe(404);
});

test('links refuse unknown products and need one of products, product_id or product_price_id', async () => {
  expect(
    (
      await call('POST', '/v1/checkout-links/', {
        payment_processor: 'stripe',
        products: ['00000000-0000-4000-8000-000000000000'],
      })
    ).status,
  ).toBe(422);
  expect((await call('POST', '/v1/checkout-links/', { payment_processor: 'stripe' })).status).toBe(422);
});

test('a link to a product priced only in EUR opens a session in EUR', async () => {
  const product = await call('POST', '/v1/products/', {
    name: 'Carnet',
    prices: [{ amount_type: 'fixed', price_amount: 900, price_currency: 'eur' }],
  });
  const link = await call('POST', '/v1/checkout-links/', { payment_processor: 'stripe', product_id: product.body.id });
  expect(link.status).toBe(201);
  expect(await visit(link.body.url)).toMatchObject({
    currency: 'eur',
    amount: 900,
    product_price_id: product.body.prices[0].id,
  });
});
