// One-time purchases end to end in the sandbox: checkout created over HTTP, confirmed through its client secret,
// paid through the sandbox processor by a real worker, and the paid order announced by a verified webhook.
import { randomUUID } from 'node:crypto';
import { Checkout } from '../../src/contracts/checkout';
import { CheckoutPublic } from '../../src/contracts/checkout-public';
import { Order } from '../../src/contracts/order';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { recordHistory } from '../support/record-history';
import { startReceiver, verifies, type Receiver } from '../support/webhook-receiver';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
const receivers: Receiver[] = [];
const SCOPES = [
  'checkouts:read',
  'checkouts:write',
  'products:write',
  'discounts:write',
  'orders:read',
  'customers:read',
  'webhooks:write',
] as const;
const FR = { country: 'FR', city: 'Paris' };

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', CHECKOUT_TTL_SECONDS: '600' });
  await h.startWorker('sandbox');
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await h.close();
});

async function merchant(prices: unknown[] = [{ amount_type: 'fixed', price_amount: 1500 }]) {
  const org = await h.organization([...SCOPES], 'sandbox');
  const call = (method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  const product = await call('POST', '/v1/products/', { name: 'Handbook', prices });
  expect(product.status).toBe(201);
  return { org, call, product: product.body };
}

const client = (secret: string, method = 'GET', json?: unknown, path = '') =>
  h.request(method, `/v1/checkouts/client/${secret}${path}`, { environment: 'sandbox', json });
const status = async (call: (m: string, p: string) => Promise<{ body: { status: string } }>, id: string) =>
  (await call('GET', `/v1/checkouts/${id}`)).body.status;

test('a fixed price: created, confirmed, charged, and the order paid, with order.paid delivered and verified', async () => {
  const { org, call, product } = await merchant();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: [
      'order.created',
      'order.updated',
      'order.paid',
      'checkout.created',
      'checkout.updated',
      'customer.created',
    ],
  });

  const created = await call('POST', '/v1/checkouts/', {
    products: [product.id],
    success_url: 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
  });
  expect(created.status).toBe(201);
  expect(legacy(Checkout).parse(created.body)).toBeTruthy();
  expect(created.body).toMatchObject({
    status: 'open',
    amount: 1500,
    total_amount: 1500,
    tax_amount: null,
    payment_processor: 'stripe',
    product_id: product.id,
    is_payment_required: true,
  });
  expect(created.body.success_url).toBe(`https://shop.example/thanks?checkout_id=${created.body.id}`);
  expect(created.body.client_secret).toMatch(/^bursar_c_/);

  const publicView = await client(created.body.client_secret);
  expect(publicView.status).toBe(200);
  expect(legacy(CheckoutPublic).parse(publicView.body)).toBeTruthy();
  expect(publicView.body).not.toHaveProperty('metadata');
  expect(publicView.body.organization.id).toBe(org.id);

  const priced = await client(created.body.client_secret, 'PATCH', {
    customer_email: 'ada@example.com',
    customer_billing_address: FR,
  });
  expect(priced.body).toMatchObject({
    tax_amount: 250,
    net_amount: 1250,
    total_amount: 1500,
    tax_behavior: 'inclusive',
  });

  const confirmed = await client(
    created.body.client_secret,
    'POST',
    { confirmation_token_id: 'pm_card_visa' },
    '/confirm',
  );
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toMatchObject({
    status: 'confirmed',
    customer_session_token: expect.stringMatching(/^bursar_cst_/),
  });

  await eventually(async () => (await status(call, created.body.id)) === 'succeeded');
  const order = await eventually(async () => {
    const orders = await call('GET', `/v1/orders/?checkout_id=${created.body.id}`);
    return orders.body.items[0]?.status === 'paid' && orders.body.items[0];
  });
  expect(legacy(Order).parse(order)).toBeTruthy();
  expect(order).toMatchObject({
    paid: true,
    billing_reason: 'purchase',
    subtotal_amount: 1500,
    net_amount: 1250,
    amount: 1250,
    tax_amount: 250,
    total_amount: 1500,
    currency: 'usd',
    customer: { email: 'ada@example.com' },
  });
  expect(order.items).toEqual([
    expect.objectContaining({
      label: 'Handbook',
      amount: 1500,
      tax_amount: 250,
      product_price_id: created.body.product_price_id,
    }),
  ]);

  const paid = await eventually(async () => receiver.received.find((r) => r.json.type === 'order.paid'));
  expect(verifies(endpoint.body.secret, paid)).toBe(true);
  expect(paid.json.data.id).toBe(order.id);
  await eventually(async () => receiver.received.filter((r) => r.json.type.startsWith('order.')).length === 3);
  expect(receiver.received.filter((r) => r.json.type.startsWith('order.')).map((r) => r.json.type)).toEqual([
    'order.created',
    'order.updated',
    'order.paid',
  ]);
  expect(receiver.received.some((r) => r.json.type === 'customer.created')).toBe(true);

  expect(
    (await client(created.body.client_secret, 'POST', { confirmation_token_id: 'pm_card_visa' }, '/confirm')).status,
  ).toBe(403);
  await recordHistory(h.env.sandbox, `checkout:${created.body.id}`, 'checkout-paid-with-local-steps', {
    finished: true,
  });
  await recordHistory(h.env.sandbox, `order:${order.id}`, 'order-paid-by-checkout', { finished: true });
});

test('a declined card puts the checkout back to open with the error, and another card then succeeds', async () => {
  const { call, product } = await merchant();
  const created = await call('POST', '/v1/checkouts/', {
    products: [product.id],
    customer_email: 'bob@example.com',
    customer_billing_address: FR,
  });
  const declined = await client(
    created.body.client_secret,
    'POST',
    { confirmation_token_id: 'pm_card_chargeDeclined' },
    '/confirm',
  );
  expect(declined.status).toBe(200);
  const reopened = await eventually(async () => {
    const r = await call('GET', `/v1/checkouts/${created.body.id}`);
    return r.body.status === 'open' && r.body.payment_error && r.body;
  });
  expect(reopened.payment_error).toMatch(/declined/i);
  const retried = await client(
    created.body.client_secret,
    'POST',
    { confirmation_token_id: '4242 4242 4242 4242' },
    '/confirm',
  );
  expect(retried.status).toBe(200);
  await eventually(async () => (await status(call, created.body.id)) === 'succeeded');
  const orders = await call('GET', `/v1/orders/?checkout_id=${created.body.id}`);
  expect(orders.body.pagination.total_count).toBe(1);
  const [{ n }] = await h.env.sandbox.orm.em
    .fork()
    .execute(
      "select count(*)::int as n from sandbox_processor_charge where idempotency_key like ? and status = 'succeeded'",
      [`checkout:${created.body.id}:%`],
    );
  expect(n).toBe(1);
});

test('free products and 100 % discounts need no payment and still make a paid order', async () => {
  const free = await merchant([{ amount_type: 'free' }]);
  const freeCheckout = await free.call('POST', '/v1/checkouts/', { products: [free.product.id] });
  expect(freeCheckout.body).toMatchObject({
    total_amount: 0,
    is_payment_required: false,
    is_free_product_price: true,
    is_payment_form_required: false,
  });
  expect(
    (await client(freeCheckout.body.client_secret, 'POST', { customer_email: 'free@example.com' }, '/confirm')).status,
  ).toBe(200);
  await eventually(
    async () => (await free.call('GET', `/v1/orders/?checkout_id=${freeCheckout.body.id}`)).body.items[0]?.paid,
  );

  const paid = await merchant();
  const discount = await paid.call('POST', '/v1/discounts/', {
    name: 'All',
    type: 'percentage',
    basis_points: 10_000,
    duration: 'once',
    code: 'GRATIS',
  });
  const discounted = await paid.call('POST', '/v1/checkouts/', { products: [paid.product.id] });
  const applied = await client(discounted.body.client_secret, 'PATCH', {
    discount_code: 'gratis',
    customer_email: 'lucky@example.com',
  });
  expect(applied.body).toMatchObject({
    discount_id: discount.body.id,
    discount_amount: 1500,
    total_amount: 0,
    is_payment_required: false,
  });
  expect((await client(discounted.body.client_secret, 'POST', {}, '/confirm')).status).toBe(200);
  const order = await eventually(
    async () => (await paid.call('GET', `/v1/orders/?checkout_id=${discounted.body.id}`)).body.items[0],
  );
  expect(order).toMatchObject({ discount_amount: 1500, total_amount: 0, discount_id: discount.body.id });
  expect((await paid.call('GET', `/v1/discounts/${discount.body.id}`)).body.redemptions_count).toBe(1);
});

test('the order list shows each order with its own items, customer, product and price, as GET shows it', async () => {
  const { call, product } = await merchant();
  const second = await call('POST', '/v1/products/', {
    name: 'Workbook',
    prices: [{ amount_type: 'fixed', price_amount: 900 }],
  });
  const buy = async (productId: string, email: string) => {
    const checkout = await call('POST', '/v1/checkouts/', { products: [productId], customer_billing_address: FR });
    expect(
      (
        await client(
          checkout.body.client_secret,
          'POST',
          { customer_email: email, confirmation_token_id: 'pm_card_visa' },
          '/confirm',
        )
      ).status,
    ).toBe(200);
    return eventually(
      async () => (await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items[0]?.paid,
    );
  };
  await buy(product.id, 'first@example.com');
  await buy(second.body.id, 'second@example.com');

  const list = await call('GET', '/v1/orders/?sorting=created_at');
  type Listed = {
    product: { name: string };
    customer: { email: string };
    product_price: { price_amount: number };
    items: { label: string }[];
  };
  expect(
    list.body.items.map((o: Listed) => [
      o.product.name,
      o.customer.email,
      o.product_price.price_amount,
      o.items.map((i) => i.label),
    ]),
  ).toEqual([
    ['Handbook', 'first@example.com', 1500, ['Handbook']],
    ['Workbook', 'second@example.com', 900, ['Workbook']],
  ]);
  for (const listed of list.body.items)
    expect(legacy(Order).parse(listed)).toEqual((await call('GET', `/v1/orders/${listed.id}`)).body);
});

test('pay what you want and seats: amounts from the buyer’s input, bounds refused', async () => {
  const pwyw = await merchant([{ amount_type: 'custom', minimum_amount: 500, maximum_amount: 5000 }]);
  expect((await pwyw.call('POST', '/v1/checkouts/', { products: [pwyw.product.id], amount: 499 })).status).toBe(422);
  const checkout = await pwyw.call('POST', '/v1/checkouts/', { products: [pwyw.product.id], amount: 2500 });
  expect(checkout.body.amount).toBe(2500);
  const tooMuch = await client(checkout.body.client_secret, 'PATCH', { amount: 6000 });
  expect(tooMuch.status).toBe(422);
  expect(tooMuch.body.detail[0].loc).toEqual(['body', 'amount']);

  const seats = await merchant([
    {
      amount_type: 'seat_based',
      seat_tiers: {
        tiers: [
          { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
          { min_seats: 5, price_per_seat: 800 },
        ],
      },
    },
  ]);
  const seated = await seats.call('POST', '/v1/checkouts/', { products: [seats.product.id], seats: 5 });
  expect(seated.body).toMatchObject({ seats: 5, amount: 4000, price_per_seat: 800 });
});

test('confirming checks the data it needs', async () => {
  const { call, product } = await merchant();
  const created = await call('POST', '/v1/checkouts/', { products: [product.id] });
  const missing = await client(created.body.client_secret, 'POST', {}, '/confirm');
  expect(missing.status).toBe(422);
  const locs = missing.body.detail.map((d: { loc: unknown }) => d.loc);
  expect(locs).toEqual(
    expect.arrayContaining([
      ['body', 'customer_email'],
      ['body', 'customer_billing_address'],
      ['body', 'confirmation_token_id'],
    ]),
  );
  const us = await client(
    created.body.client_secret,
    'POST',
    {
      customer_email: 'us@example.com',
      customer_billing_address: { country: 'US' },
      confirmation_token_id: 'pm_card_visa',
    },
    '/confirm',
  );
  expect(us.status).toBe(422);
  expect(us.body.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual([
    'body',
    'customer_billing_address',
    'state',
  ]);
  expect(await status(call, created.body.id)).toBe('open');
});

test('an unknown client secret is 404, and one checkout’s secret cannot reach another', async () => {
  const { call, product } = await merchant();
  const a = await call('POST', '/v1/checkouts/', { products: [product.id] });
  const b = await call('POST', '/v1/checkouts/', { products: [product.id] });
  expect((await client(`bursar_c_${randomUUID()}`)).status).toBe(404);
  await client(a.body.client_secret, 'PATCH', { customer_email: 'a@example.com' });
  expect((await call('GET', `/v1/checkouts/${b.body.id}`)).body.customer_email).toBeNull();
  const other = await h.organization(['checkouts:read'], 'sandbox');
  expect(
    (await h.request('GET', `/v1/checkouts/${a.body.id}`, { token: other.token, environment: 'sandbox' })).status,
  ).toBe(404);
});

test('concurrent creates with one idempotency key make one checkout', async () => {
  const { call, product } = await merchant();
  const key = randomUUID();
  const responses = await Promise.all(
    Array.from({ length: 6 }, () =>
      call('POST', '/v1/checkouts/', { products: [product.id] }, { 'x-idempotency-key': key }),
    ),
  );
  expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
  const list = await call('GET', '/v1/checkouts/');
  expect(list.body.pagination.total_count).toBe(1);
});

describe('expiry', () => {
  let short: TestHarness;
  beforeAll(async () => {
    short = await startHarness({ CHECKOUT_TTL_SECONDS: '2' });
    await short.startWorker('sandbox');
  });
  afterAll(() => short.close());

  test('an open checkout expires after its TTL: expired, checkout.expired written, the client answered 410', async () => {
    const org = await short.organization(['checkouts:write', 'checkouts:read', 'products:write'], 'sandbox');
    const product = await short.request('POST', '/v1/products/', {
      token: org.token,
      environment: 'sandbox',
      json: { name: 'Brief', prices: [{ amount_type: 'fixed', price_amount: 900 }] },
    });
    const created = await short.request('POST', '/v1/checkouts/', {
      token: org.token,
      environment: 'sandbox',
      json: { products: [product.body.id] },
    });
    await eventually(
      async () =>
        (await short.request('GET', `/v1/checkouts/${created.body.id}`, { token: org.token, environment: 'sandbox' }))
          .body.status === 'expired',
      15_000,
    );
    const view = await short.request('GET', `/v1/checkouts/client/${created.body.client_secret}`, {
      environment: 'sandbox',
    });
    expect(view.status).toBe(410);
    expect(view.body.error).toBe('ExpiredCheckoutError');
    const events = await short.env.sandbox.orm.em
      .fork()
      .execute<{ type: string }[]>(
        "select payload->>'type' as type from outbox_message where kind = 'event' and payload->'data'->>'id' = ? order by seq",
        [created.body.id],
      );
    expect(events.map((e) => e.type)).toEqual(['checkout.created', 'checkout.expired', 'checkout.updated']);
  });
});

test.each([
  [
    'EU B2C (inclusive)',
    { customer_billing_address: { country: 'DE' } },
    { tax_amount: 239, net_amount: 1261, total_amount: 1500, tax_behavior: 'inclusive' },
  ],
  [
    'EU B2B with a valid VAT ID: reverse charge',
    {
      is_business_customer: true,
      customer_billing_name: 'ACME GmbH',
      customer_tax_id: 'DE136695976',
      customer_billing_address: { country: 'DE', line1: 'Str. 1', city: 'Berlin', postal_code: '10115' },
    },
    { tax_amount: 0, total_amount: 1500 },
  ],
  [
    'US state (exclusive)',
    { customer_billing_address: { country: 'US', state: 'NY' } },
    { tax_amount: 60, net_amount: 1500, total_amount: 1560, tax_behavior: 'exclusive' },
  ],
  [
    'US without a state: not known yet',
    { customer_billing_address: { country: 'US' } },
    { tax_amount: null, total_amount: 1500 },
  ],
])('checkout tax: %s', async (_name, change, expected) => {
  const { call, product } = await merchant();
  const created = await call('POST', '/v1/checkouts/', { products: [product.id] });
  const updated = await client(created.body.client_secret, 'PATCH', change);
  expect(updated.status).toBe(200);
  expect(updated.body).toMatchObject(expected);
});

test('custom field values are checked against the product’s fields, and required ones at confirmation', async () => {
  const org = await h.organization([...SCOPES, 'custom_fields:write'], 'sandbox');
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const field = await call('POST', '/v1/custom-fields/', {
    type: 'select',
    slug: 'size',
    name: 'Size',
    properties: {
      options: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
    },
  });
  const product = await call('POST', '/v1/products/', {
    name: 'Shirt',
    prices: [{ amount_type: 'free' }],
    attached_custom_fields: [{ custom_field_id: field.body.id, required: true }],
  });
  const created = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: 'fit@example.com',
  });
  const wrong = await client(created.body.client_secret, 'PATCH', { custom_field_data: { size: 'xl' } });
  expect(wrong.status).toBe(422);
  expect(wrong.body.detail[0].loc).toEqual(['body', 'custom_field_data', 'size']);
  const missing = await client(created.body.client_secret, 'POST', {}, '/confirm');
  expect(missing.status).toBe(422);
  expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'custom_field_data', 'size'], type: 'missing' });
  expect(
    (await client(created.body.client_secret, 'POST', { custom_field_data: { size: 'l' } }, '/confirm')).status,
  ).toBe(200);
  const order = await eventually(
    async () => (await call('GET', `/v1/orders/?checkout_id=${created.body.id}`)).body.items[0],
  );
  expect(order.custom_field_data).toEqual({ size: 'l' });
});

test('a paid checkout in an environment without a payment processor is refused before anything is written', async () => {
  await h.startWorker('production'); // the confirmation is an Update of the checkout's workflow
  const org = await h.organization([...SCOPES], 'production');
  const call = (method: string, path: string, json?: unknown) => h.request(method, path, { token: org.token, json });
  const product = await call('POST', '/v1/products/', {
    name: 'Handbook',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  const created = await call('POST', '/v1/checkouts/', { products: [product.body.id] });
  const secret = created.body.client_secret;
  const before = (await call('GET', `/v1/checkouts/${created.body.id}`)).body;
  const confirm = {
    customer_email: 'ada@example.com',
    customer_name: 'Ada',
    customer_billing_address: FR,
    confirmation_token_id: 'pm_card_visa',
  };
  const refused = await h.request('POST', `/v1/checkouts/client/${secret}/confirm`, { json: confirm });
  expect([refused.status, refused.body.error]).toEqual([400, 'PaymentError']);
  expect((await call('GET', `/v1/checkouts/${created.body.id}`)).body).toEqual(before);
  expect((await call('GET', '/v1/customers/')).body.pagination.total_count).toBe(0);
});

test('a product priced in one currency is sold in it without the checkout naming it, and paid in it', async () => {
  const { call, product } = await merchant([{ amount_type: 'fixed', price_amount: 1500, price_currency: 'eur' }]);
  const created = await call('POST', '/v1/checkouts/', {
    products: [product.id],
    customer_email: 'eur@example.com',
    customer_billing_address: FR,
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ currency: 'eur', amount: 1500, product_price_id: product.prices[0].id });

  const confirmed = await client(
    created.body.client_secret,
    'POST',
    { confirmation_token_id: 'pm_card_visa' },
    '/confirm',
  );
  expect(confirmed.status).toBe(200);
  const order = await eventually(async () =>
    (await call('GET', `/v1/orders/?checkout_id=${created.body.id}`)).body.items.find((o: any) => o.paid),
  );
  expect(order).toMatchObject({ currency: 'eur', total_amount: created.body.total_amount });
  const charges = await h.env.sandbox.orm.em
    .fork()
    .execute('select amount, currency, status from sandbox_processor_charge where idempotency_key like ?', [
      `checkout:${created.body.id}:%`,
    ]);
  expect(charges).toEqual([{ amount: created.body.total_amount, currency: 'eur', status: 'succeeded' }]);
});

test('a product priced in several currencies: USD when it is one of them, else the checkout must name one (422)', async () => {
  const { call, product: withDollars } = await merchant([
    { amount_type: 'fixed', price_amount: 1500, price_currency: 'eur' },
    { amount_type: 'fixed', price_amount: 1700, price_currency: 'usd' },
  ]);
  const inDollars = await call('POST', '/v1/checkouts/', { products: [withDollars.id] });
  expect(inDollars.body).toMatchObject({ currency: 'usd', amount: 1700 });
  expect((await call('POST', '/v1/checkouts/', { products: [withDollars.id], currency: 'eur' })).body).toMatchObject({
    currency: 'eur',
    amount: 1500,
  });

  const europe = await call('POST', '/v1/products/', {
    name: 'Atlas',
    prices: [
      { amount_type: 'fixed', price_amount: 1500, price_currency: 'eur' },
      { amount_type: 'fixed', price_amount: 1300, price_currency: 'gbp' },
    ],
  });
  const before = (await call('GET', '/v1/checkouts/?limit=100')).body.pagination.total_count;
  const unnamed = await call('POST', '/v1/checkouts/', { products: [europe.body.id] });
  expect(unnamed.status).toBe(422);
  expect(unnamed.body.detail).toEqual([
    {
      loc: ['body', 'currency'],
      msg: 'The product is priced in EUR, GBP: name the currency.',
      type: expect.any(String),
    },
  ]);
  expect((await call('GET', '/v1/checkouts/?limit=100')).body.pagination.total_count).toBe(before);
  expect((await call('POST', '/v1/checkouts/', { products: [europe.body.id], currency: 'gbp' })).body).toMatchObject({
    currency: 'gbp',
    amount: 1300,
  });
  const absent = await call('POST', '/v1/checkouts/', { products: [europe.body.id], currency: 'usd' });
  expect([absent.status, absent.body.detail[0].msg]).toEqual([422, 'The product has no price in USD.']);
});
