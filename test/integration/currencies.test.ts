// Prices per currency through the API: the organization's default currency and country map, a checkout choosing its
// currency from them (and following the buyer's country until someone names one), one price per model and currency,
// and a yen subscription end to end — purchase, renewals on a test clock, refunds and credit notes, to the yen.
import { randomUUID } from 'node:crypto';
import { pdfText } from '../support/pdf-text';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { advance, ordersOf, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

let h: TestHarness;
let call: Call;
let orgId: string;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  const org = await h.organization(
    [...SUBSCRIPTION_SCOPES, 'organizations:read', 'organizations:write', 'refunds:read', 'refunds:write'],
    'sandbox',
  );
  orgId = org.id;
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
});
afterAll(() => h?.close());

const db = () => h.env.sandbox.orm.em.fork();
const setCurrencies = (json: Record<string, unknown>) => call('PATCH', `/v1/organizations/${orgId}`, json);

/** A product priced at 10.00 USD, 9.00 EUR and ¥1,500 a month (or once). */
async function worldProduct(recurring = true): Promise<string> {
  const created = await call('POST', '/v1/products/', {
    name: `World plan ${randomUUID().slice(0, 6)}`,
    ...(recurring && { recurring_interval: 'month' }),
    prices: [
      { amount_type: 'fixed', price_amount: 1000, price_currency: 'usd' },
      { amount_type: 'fixed', price_amount: 900, price_currency: 'eur' },
      { amount_type: 'fixed', price_amount: 1500, price_currency: 'jpy' },
    ],
  });
  expect(created.status).toBe(201);
  expect(created.body.prices.map((p: any) => [p.price_currency, p.price_amount])).toEqual([
    ['usd', 1000],
    ['eur', 900],
    ['jpy', 1500],
  ]);
  return created.body.id;
}

test('the default currency and the country map are organization settings, checked on update', async () => {
  const before = await call('GET', `/v1/organizations/${orgId}`);
  expect(before.body).toMatchObject({ default_presentment_currency: 'usd', currency_by_country: {} });
  const updated = await setCurrencies({
    default_presentment_currency: 'usd',
    currency_by_country: { JP: 'jpy', DE: 'eur', AT: 'eur' },
  });
  expect(updated.status).toBe(200);
  expect(updated.body).toMatchObject({
    default_presentment_currency: 'usd',
    currency_by_country: { JP: 'jpy', DE: 'eur', AT: 'eur' },
  });
  for (const [body, loc] of [
    [{ default_presentment_currency: 'xyz' }, ['body', 'default_presentment_currency']],
    [{ currency_by_country: { JP: 'yen' } }, ['body', 'currency_by_country', 'JP']],
    [{ currency_by_country: { XX: 'jpy' } }, ['body', 'currency_by_country']], // no such country
  ] as const) {
    const refused = await setCurrencies(body);
    expect(refused.status).toBe(422);
    expect(refused.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
  }
  expect((await call('GET', `/v1/organizations/${orgId}`)).body.currency_by_country).toEqual({
    JP: 'jpy',
    DE: 'eur',
    AT: 'eur',
  });
});

test('one price per model and currency: a second fixed price in yen, or one below ¥80, is refused; minimums per currency', async () => {
  const twice = await call('POST', '/v1/products/', {
    name: 'Twice in yen',
    prices: [
      { amount_type: 'fixed', price_amount: 1500, price_currency: 'jpy' },
      { amount_type: 'fixed', price_amount: 1000, price_currency: 'usd' },
      { amount_type: 'fixed', price_amount: 1200, price_currency: 'jpy' },
    ],
  });
  expect(twice.status).toBe(422);
  expect(twice.body.detail).toEqual([
    expect.objectContaining({
      loc: ['body', 'prices', 2, 'amount_type'],
      msg: 'A fixed price cannot be combined with a fixed price in jpy',
    }),
  ]);
  const cheap = await call('POST', '/v1/products/', {
    name: 'Too cheap in yen',
    prices: [{ amount_type: 'fixed', price_amount: 79, price_currency: 'jpy' }],
  });
  expect(cheap.status).toBe(422);
  expect(cheap.body.detail).toEqual([
    expect.objectContaining({
      loc: ['body', 'prices', 0, 'price_amount'],
      msg: 'price_amount must be 0 or between 80 and 99999999 (minor units of JPY)',
    }),
  ]);
  // Pay what you want with no minimum given: the currency's own smallest price.
  const open = await call('POST', '/v1/products/', {
    name: 'Tip jar',
    prices: [
      { amount_type: 'custom', price_currency: 'usd' },
      { amount_type: 'custom', price_currency: 'jpy' },
      { amount_type: 'custom', price_currency: 'krw' },
    ],
  });
  expect(open.status).toBe(201);
  expect(open.body.prices.map((p: any) => [p.price_currency, p.minimum_amount])).toEqual([
    ['usd', 50],
    ['jpy', 80],
    ['krw', 800],
  ]);
});

describe('a checkout chooses its currency', () => {
  let productId: string;
  beforeAll(async () => {
    await setCurrencies({ default_presentment_currency: 'usd', currency_by_country: { JP: 'jpy', DE: 'eur' } });
    productId = await worldProduct(false);
  });
  afterAll(() => setCurrencies({ default_presentment_currency: 'usd' }));

  const open = async (body: Record<string, unknown>) => {
    const created = await call('POST', '/v1/checkouts/', { products: [productId], ...body });
    expect(created.status).toBe(201);
    return created.body;
  };
  const country = (code: string) => ({ customer_billing_address: { country: code } });

  test.each([
    // buyer, currency, amount, tax
    ['from Japan: the map’s yen, 10 % included (1500 / 1.1 = 1363.6 → net 1364)', country('JP'), 'jpy', 1500, 136],
    ['from Germany: the map’s euro, 19 % included (900 / 1.19 = 756.3 → net 756)', country('DE'), 'eur', 900, 144],
    [
      'from France, not in the map: the default, 20 % included (1000 / 1.2 = 833.3 → net 833)',
      country('FR'),
      'usd',
      1000,
      167,
    ],
    ['from nowhere yet: the default, tax unknown', {}, 'usd', 1000, null],
    [
      'from Japan, naming the euro: Japan’s 10 % in euros (900 / 1.1 = 818.2 → net 818)',
      { ...country('JP'), currency: 'eur' },
      'eur',
      900,
      82,
    ],
  ])('%s', async (_name, body, currency, amount, tax) => {
    const checkout = await open(body);
    expect(checkout).toMatchObject({ currency, amount, tax_amount: tax, total_amount: amount });
    const price = checkout.product.prices.find((p: any) => p.id === checkout.product_price_id);
    expect(price).toMatchObject({ price_currency: currency, price_amount: amount });
  });

  test('another default currency is the fallback', async () => {
    await setCurrencies({ default_presentment_currency: 'eur' });
    expect(await open(country('FR'))).toMatchObject({ currency: 'eur', amount: 900 });
    await setCurrencies({ default_presentment_currency: 'gbp' }); // not offered, nor is France mapped
    const refused = await call('POST', '/v1/checkouts/', { products: [productId], ...country('FR') });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'currency'],
        msg: 'The product is priced in USD, EUR, JPY: name the currency.',
      }),
    ]);
    expect(await open(country('JP'))).toMatchObject({ currency: 'jpy' });
    await setCurrencies({ default_presentment_currency: 'usd' });
  });

  test('a product priced in one currency always uses it', async () => {
    const yenOnly = await call('POST', '/v1/products/', {
      name: 'Yen only',
      prices: [{ amount_type: 'fixed', price_amount: 800, price_currency: 'jpy' }],
    });
    const created = await call('POST', '/v1/checkouts/', { products: [yenOnly.body.id], ...country('DE') });
    expect(created.body).toMatchObject({ currency: 'jpy', amount: 800 });
  });

  test('the currency follows the buyer’s country until someone names one', async () => {
    const checkout = await open({});
    const client = (json: Record<string, unknown>) =>
      h.request('PATCH', `/v1/checkouts/client/${checkout.client_secret}`, { environment: 'sandbox', json });
    expect(checkout.currency).toBe('usd');
    const inJapan = await client(country('JP'));
    expect(inJapan.status).toBe(200);
    expect(inJapan.body).toMatchObject({ currency: 'jpy', amount: 1500, tax_amount: 136, total_amount: 1500 });
    const inGermany = await client(country('DE'));
    expect(inGermany.body).toMatchObject({ currency: 'eur', amount: 900, tax_amount: 144 });
    const inFrance = await client(country('FR'));
    expect(inFrance.body).toMatchObject({ currency: 'usd', amount: 1000, tax_amount: 167, total_amount: 1000 });
    // A change that keeps the country keeps the currency.
    expect((await client({ customer_name: 'Aiko Tanaka' })).body.currency).toBe('usd');
    // The merchant names the yen: from then on the country no longer moves it.
    const named = await call('PATCH', `/v1/checkouts/${checkout.id}`, { currency: 'jpy' });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ currency: 'jpy', amount: 1500 });
    expect((await client(country('DE'))).body).toMatchObject({ currency: 'jpy', amount: 1500 });
    const unpriced = await call('PATCH', `/v1/checkouts/${checkout.id}`, { currency: 'gbp' });
    expect(unpriced.status).toBe(422);
    expect(unpriced.body.detail[0]).toMatchObject({
      loc: ['body', 'currency'],
      msg: 'The product has no price in GBP.',
    });
  });

  test('a customer’s own country chooses when the checkout names none', async () => {
    const customer = await call('POST', '/v1/customers/', {
      email: `kenji-${randomUUID()}@example.com`,
      billing_address: { country: 'JP' },
    });
    expect(customer.status).toBe(201);
    expect(await open({ customer_id: customer.body.id })).toMatchObject({ currency: 'jpy', amount: 1500 });
  });

  test('a fixed discount takes its amount in the checkout’s currency', async () => {
    const discount = await call('POST', '/v1/discounts/', {
      name: `Welcome ${randomUUID().slice(0, 6)}`,
      type: 'fixed',
      duration: 'once',
      amounts: { usd: 200, jpy: 300 },
    });
    expect(discount.status).toBe(201);
    // ¥1500 − ¥300 = ¥1200 with 10 % included: net 1200 / 1.1 = 1090.9 → 1091, tax 109.
    expect(await open({ ...country('JP'), discount_id: discount.body.id })).toMatchObject({
      currency: 'jpy',
      amount: 1500,
      discount_amount: 300,
      net_amount: 1091,
      tax_amount: 109,
      total_amount: 1200,
    });
    expect(await open({ ...country('FR'), discount_id: discount.body.id })).toMatchObject({
      currency: 'usd',
      discount_amount: 200,
      tax_amount: 133, // 800 with 20 % included: net 800 / 1.2 = 666.7 → 667
      total_amount: 800,
    });
    // The discount holds the currency: a buyer who moves to Germany keeps paying in dollars with it.
    const held = await open({ ...country('FR'), discount_id: discount.body.id });
    const moved = await h.request('PATCH', `/v1/checkouts/client/${held.client_secret}`, {
      environment: 'sandbox',
      json: country('DE'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ currency: 'usd', discount_amount: 200, total_amount: 800 });
    const none = await call('POST', '/v1/checkouts/', {
      products: [productId],
      ...country('DE'),
      discount_id: discount.body.id,
    });
    expect(none.status).toBe(422);
    expect(none.body.detail[0].loc).toEqual(['body', 'discount_id']);
  });
});

test('a yen subscription end to end: purchase, renewals, refunds and credit notes, to the yen', async () => {
  await setCurrencies({ currency_by_country: { JP: 'jpy' } });
  const productId = await worldProduct();
  // The buyer in Japan names no currency: the map gives the yen.
  const { clockId, subscription } = await subscribe(h, call, {
    product: productId,
    country: 'JP',
    start: '2026-01-31T09:00:00Z',
  });
  expect(subscription).toMatchObject({
    currency: 'jpy',
    amount: 1500,
    current_period_start: '2026-01-31T09:00:00.000Z',
    current_period_end: '2026-02-28T09:00:00.000Z',
  });
  expect(subscription.prices.map((p: any) => p.price_currency)).toEqual(['jpy']);
  await advance(call, clockId, '2026-04-01T00:00:00Z');

  // ¥1500 with Japan's 10 % included: net 1500 / 1.1 = 1363.64 → 1364, tax 136 — every period.
  const orders = await ordersOf(call, subscription.customer_id);
  expect(
    orders.map((o) => [o.created_at.slice(0, 10), o.billing_reason, o.currency, o.subtotal_amount, o.net_amount]),
  ).toEqual([
    ['2026-01-31', 'subscription_create', 'jpy', 1500, 1364],
    ['2026-02-28', 'subscription_cycle', 'jpy', 1500, 1364],
    ['2026-03-31', 'subscription_cycle', 'jpy', 1500, 1364],
  ]);
  for (const order of orders) expect(order).toMatchObject({ status: 'paid', tax_amount: 136, total_amount: 1500 });
  expect(orders[1].items).toEqual([
    expect.objectContaining({ label: expect.stringContaining('From 2026-02-28 to 2026-03-31'), amount: 1500 }),
  ]);
  const charges = await db().execute<{ amount: number; currency: string }[]>(
    `select c.amount, c.currency from sandbox_processor_charge c join "order" o on o.charge_id = c.id
     where o.customer_id = ? order by o.created_at`,
    [subscription.customer_id],
  );
  expect(charges).toEqual(Array(3).fill({ amount: 1500, currency: 'jpy' }));
  expect((await call('GET', `/v1/subscriptions/${subscription.id}`)).body).toMatchObject({
    currency: 'jpy',
    amount: 1500,
    current_period_start: '2026-03-31T09:00:00.000Z',
    current_period_end: '2026-04-30T09:00:00.000Z',
  });

  // Refund ¥500 of the first renewal's ¥1364 net: tax 500 × 136 / 1364 = 49.85 → ¥50; the card gets ¥550 back.
  const renewal = orders[1];
  const refund = async (amount: number) => {
    const created = await call('POST', '/v1/refunds/', { order_id: renewal.id, amount, reason: 'customer_request' });
    expect(created.status).toBe(201);
    return eventually(async () => {
      const [listed] = (await call('GET', `/v1/refunds/?id=${created.body.id}`)).body.items;
      return listed?.status === 'succeeded' && listed;
    }, 30_000);
  };
  const first = await refund(500);
  expect(first).toMatchObject({ amount: 500, tax_amount: 50, currency: 'jpy' });
  // The rest, ¥864, takes the tax left: ¥86; ¥950 back, ¥1500 in all.
  const second = await refund(864);
  expect(second).toMatchObject({ amount: 864, tax_amount: 86, currency: 'jpy' });
  expect((await call('GET', `/v1/orders/${renewal.id}`)).body).toMatchObject({
    status: 'refunded',
    currency: 'jpy',
    refunded_amount: 1364,
    refunded_tax_amount: 136,
  });
  const processorRefunds = await db().execute<{ amount: number }[]>(
    `select r.amount from sandbox_processor_refund r join "order" o on o.charge_id = r.charge_id where o.id = ?
     order by r.created_at, r.id`,
    [renewal.id],
  );
  expect(processorRefunds.map((r) => r.amount)).toEqual([550, 950]);

  // The first credit note, in yen with no fraction: net, tax and total given back.
  const note = await eventually(async () => {
    const response = await call('GET', `/v1/refunds/${first.id}/credit-note`);
    return response.status === 200 && response.body;
  }, 30_000);
  const text = (await pdfText(Buffer.from(await (await fetch(note.url)).arrayBuffer()))).replace(/\s+/g, '');
  for (const expected of ['Creditnote', renewal.invoice_number, 'JPY-500', 'JPY-50', 'JPY-550'])
    expect(text).toContain(expected.replace(/\s+/g, ''));
  expect(text).not.toMatch(/JPY-?[\d,]+\.\d/);

  // The next renewal is still in yen, at the full price.
  await advance(call, clockId, '2026-05-01T00:00:00Z');
  const after = await ordersOf(call, subscription.customer_id);
  expect(after.map((o) => [o.currency, o.total_amount, o.tax_amount])).toEqual(Array(4).fill(['jpy', 1500, 136]));
});
