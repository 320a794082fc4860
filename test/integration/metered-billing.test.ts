// Usage billed at renewal, on a test clock: a monthly plan with a fixed price, a metered price (0.35 ¢ a unit, capped at
// $40) and 100 credits a month, billed to the cent over three periods; usage at a period's end and usage recorded
// late billed exactly once; rollover credits carried; the customer meters API, the portal, the customer state and the
// subscription showing consumed, credited and balance live. And the usage windows read from the events store.
import { randomUUID } from 'node:crypto';
import { holdIngestShared } from '../../src/adapters/events/ingest-lock';
import { PostgresUsageReader } from '../../src/adapters/events/postgres-usage-reader';
import { CustomerMeterService } from '../../src/domains/meter';
import { inTransaction } from '../../src/platform/database/transaction';
import { eventually, startHarness, type TestHarness } from '../support/harness';
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

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  const org = await h.organization(
    [
      ...SUBSCRIPTION_SCOPES,
      'meters:read',
      'meters:write',
      'benefits:read',
      'benefits:write',
      'events:write',
      'customer_meters:read',
      'customer_sessions:write',
    ],
    'sandbox',
  );
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
});
afterAll(() => h.close());

/** A monthly plan: $10 fixed, API calls (the sum of `units`) at `unitAmount` ¢ each up to `cap`, `credits` a month. */
async function plan(options: { unitAmount: string; cap: number | null; credits: number; rollover: boolean }) {
  const meter = (
    await call('POST', '/v1/meters/', {
      name: 'API calls',
      filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.call' }] },
      aggregation: { func: 'sum', property: 'units' },
    })
  ).body;
  const credits = await call('POST', '/v1/benefits/', {
    type: 'meter_credit',
    description: 'Monthly calls',
    properties: { meter_id: meter.id, units: options.credits, rollover: options.rollover },
  });
  expect(credits.status).toBe(201);
  const product = await call('POST', '/v1/products/', {
    name: 'Pro',
    recurring_interval: 'month',
    prices: [
      { amount_type: 'fixed', price_amount: 1000 },
      { amount_type: 'metered_unit', meter_id: meter.id, unit_amount: options.unitAmount, cap_amount: options.cap },
    ],
  });
  expect(product.status).toBe(201);
  expect((await call('POST', `/v1/products/${product.body.id}/benefits`, { benefits: [credits.body.id] })).status).toBe(
    200,
  );
  const meteredPriceId = product.body.prices.find((p: any) => p.amount_type === 'metered_unit').id as string;
  currentMeterId = meter.id;
  return { productId: product.body.id as string, meterId: meter.id as string, meteredPriceId };
}

/** Records API calls of `units` each for the customer, at the clock's time unless a timestamp is given. */
async function use(customerId: string, units: number[], timestamp?: string) {
  const events = units.map((n) => ({
    name: 'api.call',
    customer_id: customerId,
    metadata: { units: n },
    ...(timestamp && { timestamp }),
  }));
  const ingested = await call('POST', '/v1/events/ingest', { events });
  expect(ingested.body).toEqual({ inserted: units.length, duplicates: 0 });
}

/** The customer's meter (each plan has its own meter: the same events also count on the other test's). */
let currentMeterId = '';
const customerMeter = async (customerId: string) => {
  const page = await call('GET', `/v1/customer-meters/?customer_id=${customerId}&meter_id=${currentMeterId}`);
  expect(page.status).toBe(200);
  expect(page.body.pagination.total_count).toBeLessThanOrEqual(1);
  return page.body.items[0];
};
/** Waits until the period's credits are in (benefits are cycled once the renewal is paid). */
const credited = (customerId: string, units: number) =>
  eventually(async () => (await customerMeter(customerId))?.credited_units === units, 30_000);
const ledger = async (customerId: string) =>
  (
    await h.env.sandbox.orm.em
      .fork()
      .execute<{ units: string; grant_id: string | null }[]>(
        'select units, grant_id from meter_credit where customer_id = ? and meter_id = ? order by seq',
        [customerId, currentMeterId],
      )
  ).map((row) => (row.grant_id ? Number(row.units) : `reset ${row.units}`));

/** The metered line and the amounts of the customer's n-th order (oldest first). */
async function billed(customerId: string, n: number, meteredPriceId: string) {
  const order = (await ordersOf(call, customerId))[n];
  expect(order).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle' });
  const line = order.items.find((item: any) => item.product_price_id === meteredPriceId);
  return {
    line: line && { label: line.label, amount: line.amount },
    subtotal: order.subtotal_amount,
    tax: order.tax_amount,
    total: order.total_amount,
    items: order.items.length,
  };
}

test('three periods billed to the cent: credits, the cap, usage at the period end and usage recorded late billed once', async () => {
  const { productId, meterId, meteredPriceId } = await plan({
    unitAmount: '0.35',
    cap: 4000,
    credits: 100,
    rollover: false,
  });
  const { clockId, subscription } = await subscribe(h, call, { product: productId, start: '2025-01-01T00:00:00Z' });
  const customerId = subscription.customer_id as string;
  await credited(customerId, 100);

  // Period 1: 250 units
  await advance(call, clockId, '2025-01-15T00:00:00Z');
  await use(customerId, [100, 100, 50]);
  const meter = await customerMeter(customerId);
  expect(meter).toMatchObject({
    customer_id: customerId,
    meter_id: meterId,
    consumed_units: 250,
    credited_units: 100,
    balance: -150,
  });
  expect(meter.customer).toMatchObject({ id: customerId });
  expect(meter.meter).toMatchObject({
    id: meterId,
    name: 'API calls',
    aggregation: { func: 'sum', property: 'units' },
  });
  expect(await call('GET', `/v1/customer-meters/${meter.id}`)).toMatchObject({
    status: 200,
    body: { id: meter.id, consumed_units: 250, balance: -150 },
  });

  const during = await getSubscription(call, subscription.id);
  expect(during).toMatchObject({
    current_meter_period_start: '2025-01-01T00:00:00.000Z',
    current_meter_period_end: '2025-02-01T00:00:00.000Z',
  });
  expect(during.prices.map((p: any) => p.id)).toEqual([during.price_id, meteredPriceId]);
  // 150 units beyond the credits × 0.35 ¢ = 52.5 → 53
  expect(during.meters).toEqual([
    expect.objectContaining({
      meter_id: meterId,
      consumed_units: 250,
      credited_units: 100,
      amount: 53,
      meter: expect.objectContaining({ name: 'API calls' }),
    }),
  ]);
  const state = (await call('GET', `/v1/customers/${customerId}/state`)).body;
  expect(state.active_meters).toEqual([
    expect.objectContaining({ id: meter.id, consumed_units: 250, credited_units: 100, balance: -150 }),
  ]);
  expect(state.active_subscriptions[0].meters).toEqual([
    expect.objectContaining({ meter_id: meterId, consumed_units: 250, credited_units: 100, amount: 53 }),
  ]);
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: customerId });
  const portal = (path: string) =>
    h.request('GET', `/v1/customer-portal${path}`, { token: session.body.token, environment: 'sandbox' });
  expect((await portal('/meters/')).body.items).toEqual([
    expect.objectContaining({ id: meter.id, consumed_units: 250, credited_units: 100, balance: -150 }),
  ]);
  expect((await portal(`/subscriptions/${subscription.id}`)).body.meters).toEqual([
    expect.objectContaining({ consumed_units: 250, amount: 53 }),
  ]);

  // Renewal 1: $10 for February and 53 ¢ of January's usage; tax (19 %, included): 1053 − round(1053 / 1.19 = 884.87) = 168
  await advance(call, clockId, '2025-02-01T00:00:00Z');
  expect(await billed(customerId, 1, meteredPriceId)).toEqual({
    line: { label: 'API calls — 150 units (250 consumed, 100 credited) × USD 0.0035', amount: 53 },
    subtotal: 1053,
    tax: 168,
    total: 1053,
    items: 2,
  });
  // Period 2: 10 units at the clock's time, exactly the end of period 1 (so period 2's), and 40 recorded now with a
  // January timestamp, after period 1 was billed: both billed in period 2
  await use(customerId, [10]);
  await use(customerId, [40], '2025-01-20T00:00:00Z');
  await credited(customerId, 100);
  expect(await customerMeter(customerId)).toMatchObject({ consumed_units: 50, credited_units: 100, balance: 50 });
  await advance(call, clockId, '2025-02-14T00:00:00Z');
  await use(customerId, [11_950]);
  expect(await customerMeter(customerId)).toMatchObject({
    consumed_units: 12_000,
    credited_units: 100,
    balance: -11_900,
  });
  expect((await getSubscription(call, subscription.id)).meters).toEqual([
    expect.objectContaining({ consumed_units: 12_000, amount: 4000 }),
  ]);

  // Renewal 2: 11 900 units × 0.35 ¢ = $41.65, capped at $40; tax 5000 − round(4201.68) = 798
  await advance(call, clockId, '2025-03-01T00:00:00Z');
  expect(await billed(customerId, 2, meteredPriceId)).toEqual({
    line: {
      label: 'API calls — 11900 units (12000 consumed, 100 credited) × USD 0.0035 — capped at USD 40.00',
      amount: 4000,
    },
    subtotal: 5000,
    tax: 798,
    total: 5000,
    items: 2,
  });
  await credited(customerId, 100);
  // Period 3: 80 units, within the credits
  await advance(call, clockId, '2025-03-10T00:00:00Z');
  await use(customerId, [80]);
  await advance(call, clockId, '2025-04-01T00:00:00Z');
  expect(await billed(customerId, 3, meteredPriceId)).toEqual({
    line: { label: 'API calls — 0 units (80 consumed, 100 credited) × USD 0.0035', amount: 0 },
    subtotal: 1000,
    tax: 160,
    total: 1000,
    items: 2,
  });
  await credited(customerId, 100);
  expect(await customerMeter(customerId)).toMatchObject({ consumed_units: 0, credited_units: 100, balance: 100 });
  // Each reset takes back what is left of the period's credits; the grant's next credit is not withdrawn again
  expect(await ledger(customerId)).toEqual([100, 'reset -100', 100, 'reset -100', 100, 'reset -100', 100]);
  expect((await ordersOf(call, customerId)).map((o) => o.billing_reason)).toEqual([
    'subscription_create',
    ...Array(3).fill('subscription_cycle'),
  ]);
}, 240_000);

test('rollover credits: what is left of the balance is carried to the next period, and spent there first', async () => {
  const { productId, meteredPriceId } = await plan({ unitAmount: '1', cap: null, credits: 100, rollover: true });
  const { clockId, subscription } = await subscribe(h, call, { product: productId, start: '2025-06-01T00:00:00Z' });
  const customerId = subscription.customer_id as string;
  await credited(customerId, 100);
  await advance(call, clockId, '2025-06-10T00:00:00Z');
  await use(customerId, [30]);
  await advance(call, clockId, '2025-07-01T00:00:00Z');
  expect((await billed(customerId, 1, meteredPriceId)).line).toEqual({
    label: 'API calls — 0 units (30 consumed, 100 credited) × USD 0.01',
    amount: 0,
  });
  // 70 left carried, and July's 100
  await credited(customerId, 170);
  await advance(call, clockId, '2025-07-10T00:00:00Z');
  await use(customerId, [200]);
  await advance(call, clockId, '2025-08-01T00:00:00Z');
  // 30 units beyond 170 × 1 ¢; tax 1030 − round(1030 / 1.19 = 865.55) = 164
  expect(await billed(customerId, 2, meteredPriceId)).toEqual({
    line: { label: 'API calls — 30 units (200 consumed, 170 credited) × USD 0.01', amount: 30 },
    subtotal: 1030,
    tax: 164,
    total: 1030,
    items: 2,
  });
  await credited(customerId, 100); // nothing left to carry
  expect(await ledger(customerId)).toEqual([100, 'reset -30', 100, 'reset -170', 100]);
}, 180_000);

test('a subscription that ends at period end bills the usage of its last period in a final order; none when there is none', async () => {
  const { productId, meteredPriceId } = await plan({ unitAmount: '0.35', cap: 4000, credits: 100, rollover: false });
  const ending = await subscribe(h, call, { product: productId, start: '2025-09-01T00:00:00Z' });
  const customerId = ending.subscription.customer_id as string;
  await credited(customerId, 100);
  await advance(call, ending.clockId, '2025-09-20T00:00:00Z');
  await use(customerId, [500]);
  expect(
    (await call('PATCH', `/v1/subscriptions/${ending.subscription.id}`, { cancel_at_period_end: true })).status,
  ).toBe(200);
  await advance(call, ending.clockId, '2025-10-01T00:00:00Z');
  expect((await getSubscription(call, ending.subscription.id)).status).toBe('canceled');
  const orders = await ordersOf(call, customerId);
  expect(orders.map((o) => o.billing_reason)).toEqual(['subscription_create', 'subscription_meter_cycle']);
  // 400 units beyond the credits × 0.35 ¢ = 140; tax 140 − round(140 / 1.19 = 117.65) = 22
  expect(orders[1]).toMatchObject({ status: 'paid', subtotal_amount: 140, tax_amount: 22, total_amount: 140 });
  expect(orders[1].items).toEqual([
    expect.objectContaining({
      product_price_id: meteredPriceId,
      label: 'API calls — 400 units (500 consumed, 100 credited) × USD 0.0035',
      amount: 140,
    }),
  ]);

  const within = await subscribe(h, call, { product: productId, start: '2025-09-01T00:00:00Z' });
  await credited(within.subscription.customer_id, 100);
  await advance(call, within.clockId, '2025-09-20T00:00:00Z');
  await use(within.subscription.customer_id, [60]);
  expect(
    (await call('PATCH', `/v1/subscriptions/${within.subscription.id}`, { cancel_at_period_end: true })).status,
  ).toBe(200);
  await advance(call, within.clockId, '2025-10-01T00:00:00Z');
  expect((await getSubscription(call, within.subscription.id)).status).toBe('canceled');
  expect((await ordersOf(call, within.subscription.customer_id)).map((o) => o.billing_reason)).toEqual([
    'subscription_create',
  ]);
}, 180_000);

test('a product change that drops a metered price bills its usage so far with the next renewal, once', async () => {
  const { productId, meteredPriceId } = await plan({ unitAmount: '1', cap: null, credits: 10, rollover: false });
  const plain = await call('POST', '/v1/products/', {
    name: 'Plain',
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: 2000 }],
  });
  const { clockId, subscription } = await subscribe(h, call, { product: productId, start: '2025-11-01T00:00:00Z' });
  const customerId = subscription.customer_id as string;
  await credited(customerId, 10);
  await advance(call, clockId, '2025-11-10T00:00:00Z');
  await use(customerId, [50], '2025-11-09T12:00:00Z'); // before the change (the clock stands still: usage at its time is the new plan's)
  const changed = await call('PATCH', `/v1/subscriptions/${subscription.id}`, {
    product_id: plain.body.id,
    proration_behavior: 'prorate',
  });
  expect(changed.status).toBe(200);
  await use(customerId, [7]); // on the new plan, which bills no usage
  await advance(call, clockId, '2025-12-01T00:00:00Z');
  await advance(call, clockId, '2026-01-01T00:00:00Z');
  const [, december, january] = await ordersOf(call, customerId);
  // 50 consumed less the 10 credited, × 1 ¢
  expect(december.items.filter((item: any) => item.product_price_id === meteredPriceId)).toEqual([
    expect.objectContaining({ label: 'API calls — 40 units (50 consumed, 10 credited) × USD 0.01', amount: 40 }),
  ]);
  expect(january.items.some((item: any) => item.product_price_id === meteredPriceId)).toBe(false);
}, 180_000);

test('customer meters API: filters, sorting by the live consumption and balance, 404 for an unknown id, its scope', async () => {
  const meter = (
    await call('POST', '/v1/meters/', {
      name: 'Tokens',
      filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'tokens' }] },
      aggregation: { func: 'sum', property: 'n' },
    })
  ).body;
  const people = await Promise.all(
    ['light', 'heavy', 'middle'].map(
      async (name) =>
        (
          await call('POST', '/v1/customers/', {
            email: `${name}-${meter.id}@example.com`,
            name,
            external_id: `${name}-${meter.id}`,
          })
        ).body,
    ),
  );
  const usage = { light: 1.5, heavy: 300, middle: 20 } as Record<string, number>;
  const events = people.map((p) => ({
    name: 'tokens',
    external_customer_id: p.external_id,
    metadata: { n: usage[p.name] },
  }));
  expect((await call('POST', '/v1/events/ingest', { events })).body).toEqual({ inserted: 3, duplicates: 0 });
  const list = async (query: string) => {
    const page = await call('GET', `/v1/customer-meters/?meter_id=${meter.id}&${query}`);
    expect(page.status).toBe(200);
    return page.body;
  };
  const names = (page: any) => page.items.map((m: any) => [m.customer.name, m.consumed_units, m.balance]);
  expect(names(await list('sorting=consumed_units'))).toEqual([
    ['light', 1.5, -1.5],
    ['middle', 20, -20],
    ['heavy', 300, -300],
  ]);
  const top = await list('sorting=balance&limit=2&page=1');
  expect(names(top)).toEqual([
    ['heavy', 300, -300],
    ['middle', 20, -20],
  ]);
  expect(top.pagination).toEqual({ total_count: 3, max_page: 2 });
  expect(names(await list('sorting=balance&limit=2&page=2'))).toEqual([['light', 1.5, -1.5]]);
  expect(names(await list('sorting=-customer_name'))).toEqual([
    ['middle', 20, -20],
    ['light', 1.5, -1.5],
    ['heavy', 300, -300],
  ]);
  expect(names(await list(`external_customer_id=${people[1].external_id}`))).toEqual([['heavy', 300, -300]]);
  expect(names(await list(`customer_id=${people[0].id}&customer_id=${people[2].id}&sorting=-consumed_units`))).toEqual([
    ['middle', 20, -20],
    ['light', 1.5, -1.5],
  ]);
  expect((await call('GET', `/v1/customer-meters/${randomUUID()}`)).status).toBe(404);
  const other = await h.organization(['customer_meters:read'], 'sandbox');
  const id = (await list('sorting=consumed_units')).items[0].id;
  expect(
    (await h.request('GET', `/v1/customer-meters/${id}`, { token: other.token, environment: 'sandbox' })).status,
  ).toBe(404);
  const unscoped = await h.organization(['meters:read'], 'sandbox');
  expect(
    (await h.request('GET', '/v1/customer-meters/', { token: unscoped.token, environment: 'sandbox' })).status,
  ).toBe(403);
});

describe('usage windows read from the events store', () => {
  const reader = new PostgresUsageReader();
  const organizationId = randomUUID();
  const customer = { customerId: randomUUID(), externalCustomerId: 'ext-window' };
  const meter = {
    id: randomUUID(),
    filter: { conjunction: 'and' as const, clauses: [{ property: 'name', operator: 'eq' as const, value: 'call' }] },
    aggregation: { func: 'count' as const },
  };
  const em = () => h.env.sandbox.orm.em.fork();
  const from = new Date('2025-01-01T00:00:00Z');
  const end1 = new Date('2025-02-01T00:00:00Z');
  const end2 = new Date('2025-03-01T00:00:00Z');
  /** Inserts an event (of the customer, or of its external id only) and returns its sequence number. */
  const insert = async (timestamp: string, by: 'id' | 'external' = 'id', name = 'call', target = em()) => {
    const [row] = await target.execute<{ seq: string }[]>(
      `insert into event (id, organization_id, "timestamp", ingested_at, name, source, customer_id, external_customer_id, metadata)
       values (?, ?, ?, now(), ?, 'user', ?, ?, '{}') returning seq`,
      [
        randomUUID(),
        organizationId,
        timestamp,
        name,
        by === 'id' ? customer.customerId : null,
        by === 'external' ? customer.externalCustomerId : null,
      ],
    );
    return String(row.seq);
  };

  test('an event at the period end, or recorded after the cut-off, falls in the next window; every event in exactly one', async () => {
    await insert('2025-01-10T00:00:00Z');
    await insert('2025-01-31T23:59:59.999Z', 'external'); // an event of the external id, never attached
    await insert('2025-01-12T00:00:00Z', 'id', 'other'); // not the meter's
    await insert(end1.toISOString()); // at the end: the next period's
    const s1 = await reader.cutOff(h.env.sandbox.orm, organizationId);
    expect(
      await reader.billedUsage(em(), organizationId, meter, customer, { from, end: end1, seq: s1, since: null }),
    ).toBe('2');
    await insert('2025-01-20T00:00:00Z'); // recorded after the cut-off, dated in period 1
    expect(await reader.currentUsage(em(), organizationId, meter, customer, { end: end1, seq: s1 })).toBe('2');
    const s2 = await reader.cutOff(h.env.sandbox.orm, organizationId);
    expect(BigInt(s2)).toBeGreaterThan(BigInt(s1));
    await insert('2025-03-01T00:00:00Z'); // after the cut-off and at the end: period 3's
    expect(
      await reader.billedUsage(em(), organizationId, meter, customer, {
        from,
        end: end2,
        seq: s2,
        since: { end: end1, seq: s1 },
      }),
    ).toBe('2');
    expect(await reader.currentUsage(em(), organizationId, meter, customer, { end: end2, seq: s2 })).toBe('1');
    // before the subscription's start: not billed
    expect(
      await reader.billedUsage(em(), organizationId, meter, customer, {
        from: new Date('2025-01-15T00:00:00Z'),
        end: end1,
        seq: s1,
        since: null,
      }),
    ).toBe('1');
    // without the external id, only the events carrying the customer's id
    expect(
      await reader.billedUsage(
        em(),
        organizationId,
        meter,
        { ...customer, externalCustomerId: null },
        { from, end: end1, seq: s1, since: null },
      ),
    ).toBe('1');
  });

  test('a meter two subscriptions bill at the same period end: what the second one bills is never billed again', async () => {
    const meters = new CustomerMeterService(reader);
    const shared = {
      ...meter,
      id: randomUUID(),
      filter: {
        conjunction: 'and' as const,
        clauses: [{ property: 'name', operator: 'eq' as const, value: 'shared' }],
      },
    };
    const close = async (end: Date) => {
      const seq = await reader.cutOff(h.env.sandbox.orm, organizationId);
      return (
        await inTransaction(h.env.sandbox.orm, (tx) =>
          meters.closePeriod(tx, {
            organizationId,
            customer,
            meter: shared,
            from,
            periodStart: from,
            end,
            seq,
            at: end,
          }),
        )
      ).consumed;
    };
    await insert('2025-01-05T00:00:00Z', 'id', 'shared');
    await insert('2025-01-06T00:00:00Z', 'id', 'shared');
    const first = await close(end1); // the first subscription
    await insert('2025-01-31T23:30:00Z', 'id', 'shared'); // recorded late, between the two renewals
    const second = await close(end1); // the second subscription, same period end
    const next = await close(end2);
    expect([first, second, next]).toEqual(['2', '1', '0']);
  });

  /** A session waits for the organization's ingest lock (an advisory lock on the key's 64-bit hash, split in two oids). */
  const cutOffWaiting = async (organizationId: string) => {
    const [row] = await em().execute<{ waiting: number }[]>(
      `select count(*)::int as waiting from pg_locks, hashtextextended(?, 0) as key
       where locktype = 'advisory' and not granted and objsubid = 1
         and classid = ((key >> 32) & 4294967295)::oid and objid = (key & 4294967295)::oid`,
      [`event_ingest:${organizationId}`],
    );
    return row.waiting > 0;
  };

  test('the cut-off waits for a batch in flight and counts it', async () => {
    let resolved = false;
    let cut: Promise<string> | undefined;
    let seq = '';
    await em().transactional(async (tx) => {
      await holdIngestShared(tx, organizationId);
      seq = await insert('2025-01-05T00:00:00Z', 'id', 'call', tx);
      cut = reader.cutOff(h.env.sandbox.orm, organizationId).then((value) => {
        resolved = true;
        return value;
      });
      // The cut-off is queued behind this batch's shared lock (PostgreSQL shows its exclusive request not granted).
      await eventually(() => cutOffWaiting(organizationId), 20_000, {
        what: 'the cut-off waiting for the ingest lock the batch holds',
      });
      expect(resolved).toBe(false);
    });
    expect(BigInt(await cut!)).toBeGreaterThanOrEqual(BigInt(seq));
  });
});
