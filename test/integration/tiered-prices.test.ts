// Tiered prices through the API on test clocks: graduated, volume (capped) and package (rounded up in JPY, down in
// USD) metered prices, and a seat price of "base + per additional seat", each bought through a checkout and renewed
// three times, usage ingested each period, every order line matching a hand calculation to the minor unit. Also the
// 422s a bad tier list gets, and the shapes the legacy and dated API versions show.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import {
  advance,
  getSubscription,
  ordersOf,
  subscribe,
  SUBSCRIPTION_SCOPES,
  type Call,
} from '../support/subscriptions';

let h: TestHarness;
let call: Call;
/** The 1.x client's current version: the legacy shape shows no tiers. */
const DATED = { 'Polar-Version': '2026-10' };

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'meters:read', 'meters:write', 'events:write'], 'sandbox');
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
});
afterAll(() => h.close());

/** A meter summing the `units` of `api.call` events. */
async function meter(): Promise<string> {
  const created = await call('POST', '/v1/meters/', {
    name: 'API calls',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.call' }] },
    aggregation: { func: 'sum', property: 'units' },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** A monthly plan with a fixed price and a tiered metered price on a new meter. */
async function plan(currency: string, fixed: number, tiered: Record<string, unknown>) {
  const meterId = await meter();
  const product = await call(
    'POST',
    '/v1/products/',
    {
      name: 'Pro',
      recurring_interval: 'month',
      prices: [
        { amount_type: 'fixed', price_currency: currency, price_amount: fixed },
        { amount_type: 'metered_tiers', price_currency: currency, meter_id: meterId, ...tiered },
      ],
    },
    DATED,
  );
  expect(product.status).toBe(201);
  const tieredPrice = product.body.prices.find((p: any) => p.amount_type === 'metered_tiers');
  expect(tieredPrice).toMatchObject({ meter_id: meterId, meter: { id: meterId, name: 'API calls' } });
  return { productId: product.body.id as string, tieredPrice };
}

async function use(customerId: string, units: number, timestamp?: string) {
  const ingested = await call('POST', '/v1/events/ingest', {
    events: [{ name: 'api.call', customer_id: customerId, metadata: { units }, ...(timestamp && { timestamp }) }],
  });
  expect(ingested.body).toEqual({ inserted: 1, duplicates: 0 });
}

/** The n-th order's lines ([label, amount]) and amounts. */
async function order(customerId: string, n: number) {
  const o = (await ordersOf(call, customerId))[n];
  expect(o).toMatchObject({ status: 'paid' });
  return {
    reason: o.billing_reason,
    items: o.items.map((item: any) => [item.label, item.amount]),
    subtotal: o.subtotal_amount,
    tax: o.tax_amount,
    total: o.total_amount,
  };
}

/** Buys the plan on 2025-01-01, then for each period: ingests its usage and advances to the next renewal. */
async function threeRenewals(productId: string, usage: [number, number, number]) {
  const { clockId, subscription, checkout } = await subscribe(h, call, {
    product: productId,
    start: '2025-01-01T00:00:00Z',
  });
  const customerId = subscription.customer_id as string;
  const renewals = ['2025-02-01', '2025-03-01', '2025-04-01'];
  for (const [i, units] of usage.entries()) {
    await advance(call, clockId, `2025-0${i + 1}-15T00:00:00Z`);
    if (units) await use(customerId, units);
    await advance(call, clockId, `${renewals[i]}T00:00:00Z`);
  }
  return { customerId, subscription, checkout };
}

const charge = (month: string, next: string, amount: number) => [
  `Pro — From 2025-${month}-01 to 2025-${next}-01`,
  amount,
];

test('graduated: 1,000 calls free, then 0.5 ¢ to 10,000, then 0.2 ¢; a line per tier reached', async () => {
  const { productId, tieredPrice } = await plan('usd', 1000, {
    tiers: {
      type: 'graduated',
      tiers: [
        { bound: 1000, unit_amount: 0 },
        { bound: 10_000, unit_amount: '0.50' },
        { bound: null, unit_amount: '0.2' },
      ],
    },
  });
  expect(tieredPrice).toMatchObject({
    cap_amount: null,
    package: null,
    tiers: {
      type: 'graduated',
      tiers: [
        { bound: 1000, unit_amount: '0' },
        { bound: 10_000, unit_amount: '0.5' },
        { bound: null, unit_amount: '0.2' },
      ],
    },
  });
  const { customerId, subscription, checkout } = await threeRenewals(productId, [1500, 12_000, 0]);
  // Bought like a metered unit price: the fixed price up front, usage later
  expect(checkout).toMatchObject({ amount: 1000, is_payment_setup_required: true });
  expect(await order(customerId, 0)).toMatchObject({ reason: 'subscription_create', subtotal: 1000 });
  const t = (units: number, consumed: number) => `API calls — ${units} units (${consumed} consumed, 0 credited)`;
  // 1,500: 1,000 free, 500 × 0.5 ¢ = 250; tax 1250 − round(1250 / 1.19 = 1050.42) = 200
  expect(await order(customerId, 1)).toEqual({
    reason: 'subscription_cycle',
    items: [
      charge('02', '03', 1000),
      [`${t(1500, 1500)}, tier 1 (units 1 to 1000): 1000 units × USD 0`, 0],
      [`${t(1500, 1500)}, tier 2 (units 1001 to 10000): 500 units × USD 0.005`, 250],
    ],
    subtotal: 1250,
    tax: 200,
    total: 1250,
  });
  // 12,000: 0 + 9,000 × 0.5 ¢ = 4500 + 2,000 × 0.2 ¢ = 400; tax 5900 − round(4957.98) = 942
  expect(await order(customerId, 2)).toEqual({
    reason: 'subscription_cycle',
    items: [
      charge('03', '04', 1000),
      [`${t(12000, 12000)}, tier 1 (units 1 to 1000): 1000 units × USD 0`, 0],
      [`${t(12000, 12000)}, tier 2 (units 1001 to 10000): 9000 units × USD 0.005`, 4500],
      [`${t(12000, 12000)}, tier 3 (units 10001 and up): 2000 units × USD 0.002`, 400],
    ],
    subtotal: 5900,
    tax: 942,
    total: 5900,
  });
  // No usage: the first tier's line for 0; tax 1000 − round(840.34) = 160
  expect(await order(customerId, 3)).toEqual({
    reason: 'subscription_cycle',
    items: [charge('04', '05', 1000), [`${t(0, 0)}, tier 1 (units 1 to 1000): 0 units × USD 0`, 0]],
    subtotal: 1000,
    tax: 160,
    total: 1000,
  });
  // The amount so far this period is rated the same way: 10,500 calls = 4500 + 0.2 ¢ × 500 = 100
  await use(customerId, 10_500);
  expect((await getSubscription(call, subscription.id)).meters).toEqual([
    expect.objectContaining({ consumed_units: 10_500, amount: 4600 }),
  ]);
}, 240_000);

test('volume with a cap: every call at the rate of the tier holding the total, capped at $60', async () => {
  const { productId } = await plan('usd', 1000, {
    cap_amount: 6000,
    tiers: {
      type: 'volume',
      tiers: [{ bound: 100, unit_amount: '10' }, { bound: 1000, unit_amount: '8' }, { unit_amount: '5' }],
    },
  });
  const { customerId } = await threeRenewals(productId, [100, 101, 1500]);
  const t = (units: number) => `API calls — ${units} units (${units} consumed, 0 credited)`;
  // 100 × 10 ¢ at the first tier's edge; tax 2000 − round(1680.67) = 319
  expect(await order(customerId, 1)).toMatchObject({
    items: [charge('02', '03', 1000), [`${t(100)}, volume tier 1 (units 1 to 100): 100 units × USD 0.1`, 1000]],
    subtotal: 2000,
    tax: 319,
  });
  // 101: all at 8 ¢ = 808; tax 1808 − round(1519.33) = 289
  expect(await order(customerId, 2)).toMatchObject({
    items: [charge('03', '04', 1000), [`${t(101)}, volume tier 2 (units 101 to 1000): 101 units × USD 0.08`, 808]],
    subtotal: 1808,
    tax: 289,
  });
  // 1,500 × 5 ¢ = 7500, capped at 6000; tax 7000 − round(5882.35) = 1118
  expect(await order(customerId, 3)).toMatchObject({
    items: [
      charge('04', '05', 1000),
      [`${t(1500)}, volume tier 3 (units 1001 and up): 1500 units × USD 0.05`, 7500],
      ['API calls — capped at USD 60.00', -1500],
    ],
    subtotal: 7000,
    tax: 1118,
    total: 7000,
  });
}, 240_000);

test('package in JPY: ¥500 per started block of 1,000 calls up to 10 blocks, then ¥300', async () => {
  const { productId, tieredPrice } = await plan('jpy', 1000, {
    package: { size: 1000, rounding: 'up' },
    tiers: { type: 'graduated', tiers: [{ bound: 10, unit_amount: 500 }, { unit_amount: 300 }] },
  });
  expect(tieredPrice).toMatchObject({ price_currency: 'jpy', package: { size: 1000, rounding: 'up' } });
  const { customerId } = await threeRenewals(productId, [2500, 12_001, 1000]);
  const head = (units: number, blocks: number) =>
    `API calls — ${units} units (${units} consumed, 0 credited) in ${blocks} blocks of 1000 (rounded up)`;
  // 2,500 calls: 3 blocks × ¥500; tax 2500 − round(2100.84) = 399
  expect(await order(customerId, 1)).toMatchObject({
    items: [
      ['Pro — From 2025-02-01 to 2025-03-01', 1000],
      [`${head(2500, 3)}, tier 1 (blocks 1 to 10): 3 blocks × JPY 500`, 1500],
    ],
    subtotal: 2500,
    tax: 399,
  });
  // 12,001 calls: 13 blocks, 10 × ¥500 + 3 × ¥300 = 5900; tax 6900 − round(5798.32) = 1102
  expect(await order(customerId, 2)).toMatchObject({
    items: [
      ['Pro — From 2025-03-01 to 2025-04-01', 1000],
      [`${head(12001, 13)}, tier 1 (blocks 1 to 10): 10 blocks × JPY 500`, 5000],
      [`${head(12001, 13)}, tier 2 (blocks 11 and up): 3 blocks × JPY 300`, 900],
    ],
    subtotal: 6900,
    tax: 1102,
  });
  // exactly 1,000 calls: one block; tax 1500 − round(1260.50) = 239
  expect(await order(customerId, 3)).toMatchObject({
    items: [
      ['Pro — From 2025-04-01 to 2025-05-01', 1000],
      [`${head(1000, 1)}, tier 1 (blocks 1 to 10): 1 blocks × JPY 500`, 500],
    ],
    subtotal: 1500,
    tax: 239,
  });
}, 240_000);

test('package rounded down: 25 ¢ per whole block of 100 calls, a partial block free', async () => {
  const { productId } = await plan('usd', 1000, {
    package: { size: 100, rounding: 'down' },
    tiers: { type: 'volume', tiers: [{ bound: null, unit_amount: '25' }] },
  });
  const { customerId } = await threeRenewals(productId, [250, 99, 1000]);
  const line = (units: number, blocks: number, amount: number) => [
    `API calls — ${units} units (${units} consumed, 0 credited) in ${blocks} blocks of 100 (rounded down), volume tier 1 (blocks 1 and up): ${blocks} blocks × USD 0.25`,
    amount,
  ];
  // 250 → 2 blocks = 50 (tax 1050 − round(882.35) = 168); 99 → 0; 1,000 → 10 blocks = 250 (tax 200)
  expect(await order(customerId, 1)).toMatchObject({ items: [charge('02', '03', 1000), line(250, 2, 50)], tax: 168 });
  expect(await order(customerId, 2)).toMatchObject({ items: [charge('03', '04', 1000), line(99, 0, 0)], tax: 160 });
  expect(await order(customerId, 3)).toMatchObject({
    items: [charge('04', '05', 1000), line(1000, 10, 250)],
    subtotal: 1250,
    tax: 200,
  });
}, 240_000);

test('seats, base + per additional seat: $50 covers 5 seats, each further one $8', async () => {
  const product = await call('POST', '/v1/products/', {
    name: 'Team',
    recurring_interval: 'month',
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: {
          seat_tier_type: 'graduated',
          tiers: [
            { min_seats: 1, max_seats: 5, price_per_seat: 0, flat_amount: 5000 },
            { min_seats: 6, price_per_seat: 800 },
          ],
        },
      },
    ],
  });
  expect(product.status).toBe(201);
  expect(product.body.prices[0].seat_tiers.tiers).toEqual([
    { min_seats: 1, max_seats: 5, price_per_seat: 0, flat_amount: 5000 },
    { min_seats: 6, max_seats: null, price_per_seat: 800 },
  ]);
  const { clockId, subscription, checkout } = await subscribe(h, call, {
    product: product.body.id,
    start: '2025-01-01T00:00:00Z',
    seats: 8,
  });
  // 8 seats: $50 + 3 × $8 = $74, up front and at each renewal; tax 7400 − round(6218.49) = 1182
  expect(checkout).toMatchObject({ amount: 7400, seats: 8 });
  const customerId = subscription.customer_id as string;
  expect(await order(customerId, 0)).toMatchObject({ reason: 'subscription_create', subtotal: 7400, tax: 1182 });
  const months = ['02', '03', '04', '05'];
  for (const [n, month] of months.slice(0, 3).entries()) {
    await advance(call, clockId, `2025-${month}-01T00:00:00Z`);
    const period = `Team — From 2025-${month}-01 to 2025-${months[n + 1]}-01`;
    expect(await order(customerId, n + 1)).toEqual({
      reason: 'subscription_cycle',
      items: [
        [`${period}, tier 1 (seats 1 to 5): 5 seats × USD 0.00 + USD 50.00 flat`, 5000],
        [`${period}, tier 2 (seats 6 and up): 3 seats × USD 8.00`, 2400],
      ],
      subtotal: 7400,
      tax: 1182,
      total: 7400,
    });
  }
  // At 5 seats the base alone: $50
  const five = await call('POST', '/v1/checkouts/', { products: [product.body.id], seats: 5 });
  expect(five.body).toMatchObject({ amount: 5000 });
}, 240_000);

test('usage left behind by a plan change, and the last period of an ending subscription, billed by tiers', async () => {
  // 1,000 calls free, then 0.5 ¢; at most $30 a period
  const { productId, tieredPrice } = await plan('usd', 1000, {
    cap_amount: 3000,
    tiers: { type: 'graduated', tiers: [{ bound: 1000, unit_amount: '0' }, { unit_amount: '0.5' }] },
  });
  const plain = await call('POST', '/v1/products/', {
    name: 'Plain',
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: 2000 }],
  });
  const tieredItems = (o: any) =>
    o.items.filter((i: any) => i.product_price_id === tieredPrice.id).map((i: any) => [i.label, i.amount, i.proration]);

  const moving = await subscribe(h, call, { product: productId, start: '2025-11-01T00:00:00Z' });
  await advance(call, moving.clockId, '2025-11-10T00:00:00Z');
  await use(moving.subscription.customer_id, 9000, '2025-11-09T12:00:00Z'); // before the change
  const changed = await call('PATCH', `/v1/subscriptions/${moving.subscription.id}`, {
    product_id: plain.body.id,
    proration_behavior: 'prorate',
  });
  expect(changed.status).toBe(200);
  await advance(call, moving.clockId, '2025-12-01T00:00:00Z');
  // 8,000 calls × 0.5 ¢ = $40, capped at $30: the free tier's line of 0 is left out, the cap's line kept; usage, not a
  // proration (so a discount takes it as it takes the renewal's own usage)
  const [, december] = await ordersOf(call, moving.subscription.customer_id);
  expect(tieredItems(december)).toEqual([
    [
      'API calls — 9000 units (9000 consumed, 0 credited), tier 2 (units 1001 and up): 8000 units × USD 0.005',
      4000,
      false,
    ],
    ['API calls — capped at USD 30.00', -1000, false],
  ]);

  const ending = await subscribe(h, call, { product: productId, start: '2025-11-01T00:00:00Z' });
  await advance(call, ending.clockId, '2025-11-20T00:00:00Z');
  await use(ending.subscription.customer_id, 1600);
  const cancel = { cancel_at_period_end: true };
  expect((await call('PATCH', `/v1/subscriptions/${ending.subscription.id}`, cancel)).status).toBe(200);
  await advance(call, ending.clockId, '2025-12-01T00:00:00Z');
  const [, last] = await ordersOf(call, ending.subscription.customer_id);
  // 600 calls × 0.5 ¢ = 300; tax 300 − round(300 / 1.19 = 252.10) = 48
  expect(last).toMatchObject({ billing_reason: 'subscription_meter_cycle', subtotal_amount: 300, tax_amount: 48 });
  const head = 'API calls — 1600 units (1600 consumed, 0 credited)';
  expect(tieredItems(last)).toEqual([
    [`${head}, tier 1 (units 1 to 1000): 1000 units × USD 0`, 0, false],
    [`${head}, tier 2 (units 1001 and up): 600 units × USD 0.005`, 300, false],
  ]);
}, 240_000);

test('bad tiers are a 422 at their place; an unknown meter too', async () => {
  const meterId = await meter();
  const create = (tiers: unknown, extra: Record<string, unknown> = {}) =>
    call('POST', '/v1/products/', {
      name: 'Bad',
      recurring_interval: 'month',
      prices: [{ amount_type: 'metered_tiers', meter_id: meterId, tiers, ...extra }],
    });
  const refused = async (response: Promise<{ status: number; body: any }>) => {
    const { status, body } = await response;
    expect(status).toBe(422);
    return body.detail.map((d: any) => [d.loc.join('.'), d.msg]);
  };
  const at = 'body.prices.0.tiers.tiers';
  expect(
    await refused(
      create({
        type: 'graduated',
        tiers: [
          { bound: 100, unit_amount: '1' },
          { bound: 50, unit_amount: '1' },
        ],
      }),
    ),
  ).toEqual([
    [`${at}.1.bound`, 'The last tier must be open-ended (bound null): it rates every unit beyond'],
    [`${at}.1.bound`, "bound 50 must be above the previous tier's bound 100"],
  ]);
  expect(await refused(create({ type: 'volume', tiers: [{ unit_amount: '1' }, { unit_amount: '-2' }] }))).toEqual([
    [`${at}.0.bound`, 'Only the last tier may be open-ended'],
    [`${at}.1.unit_amount`, 'unit_amount must be 0 or a positive decimal of at most 99999999 with up to 12 decimals'],
  ]);
  expect((await refused(create({ type: 'graduated', tiers: [] }))).map(([loc]: string[]) => loc)).toEqual([at]);
  expect(
    (await refused(create({ type: 'stairs', tiers: [{ unit_amount: '1' }] }))).map(([loc]: string[]) => loc),
  ).toEqual(['body.prices.0.tiers.type']);
  expect(
    (
      await refused(
        create({ type: 'graduated', tiers: [{ unit_amount: '1' }] }, { package: { size: 0, rounding: 'up' } }),
      )
    ).map(([loc]: string[]) => loc),
  ).toEqual(['body.prices.0.package.size']);
  const unknown = await call('POST', '/v1/products/', {
    name: 'Bad',
    recurring_interval: 'month',
    prices: [
      {
        amount_type: 'metered_tiers',
        meter_id: '00000000-0000-4000-8000-000000000000',
        tiers: { type: 'graduated', tiers: [{ unit_amount: '1' }] },
      },
    ],
  });
  expect(unknown.status).toBe(422);
  expect(unknown.body.detail).toEqual([
    { loc: ['body', 'prices', 0, 'meter_id'], msg: 'No such meter in this organization.', type: 'unknown_meter' },
  ]);
});

test('the dated versions show the tiers; legacy shows a metered unit price at the first tier rate', async () => {
  // A webhook endpoint of each: the legacy one (no api_version) and a 2026-10 one
  const receivers: Receiver[] = [await startReceiver(), await startReceiver()];
  for (const [i, version] of [undefined, '2026-10'].entries()) {
    const endpoint = await call('POST', '/v1/webhooks/endpoints', {
      url: receivers[i].url,
      format: 'raw',
      events: ['product.created'],
      ...(version && { api_version: version }),
    });
    expect(endpoint.status).toBe(201);
  }
  const { productId, tieredPrice } = await plan('usd', 1000, {
    tiers: { type: 'graduated', tiers: [{ bound: 10, unit_amount: '3' }, { unit_amount: '1' }] },
  });
  const dated = await call('GET', `/v1/products/${productId}`, undefined, DATED);
  expect(dated.body.prices[1]).toEqual(tieredPrice);
  expect(tieredPrice).toMatchObject({ amount_type: 'metered_tiers', package: null });
  expect(dated.body.prices[1]).not.toHaveProperty('type');
  const legacy = (await call('GET', `/v1/products/${productId}`)).body.prices[1];
  expect(legacy).toMatchObject({
    id: tieredPrice.id,
    amount_type: 'metered_unit',
    unit_amount: '3',
    type: 'recurring',
    recurring_interval: 'month',
  });
  expect(legacy).not.toHaveProperty('tiers');
  expect(legacy).not.toHaveProperty('package');
  const [legacyHook, datedHook] = await Promise.all(
    receivers.map((receiver) =>
      eventually(async () =>
        receiver.received.find((r) => r.json.type === 'product.created' && r.json.data.id === productId),
      ),
    ),
  );
  expect((legacyHook!.json.data.prices as any[])[1]).toEqual(legacy);
  expect((datedHook!.json.data.prices as any[])[1]).toEqual(tieredPrice);
  await Promise.all(receivers.map((receiver) => receiver.close()));
});
