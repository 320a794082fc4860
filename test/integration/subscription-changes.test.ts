// Plan, seat and discount changes on a test clock, with proration amounts checked against hand-computed tables, and
// a 3-month repeating discount applied to exactly three monthly cycles.
import { startHarness, type TestHarness } from '../support/harness';
import {
  advance,
  getSubscription,
  ordersOf,
  sandboxCaller,
  setCardOutcome,
  subscribe,
  SUBSCRIPTION_SCOPES,
  type Call,
} from '../support/subscriptions';

let h: TestHarness;
let call: Call;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  call = await sandboxCaller(h);
});
afterAll(() => h.close());

const plan = async (name: string, amount: number) =>
  (
    await call('POST', '/v1/products/', {
      name,
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: amount }],
    })
  ).body.id as string;
const change = (id: string, body: unknown, headers?: Record<string, string>) =>
  call('PATCH', `/v1/subscriptions/${id}`, body, headers);
/** Items of an order as [label, amount, proration]. */
const lines = (order: any) => order.items.map((i: any) => [i.label, i.amount, i.proration]);

// Every period below is April 2025: 2025-04-01 → 2025-05-01, 30 days. Tax: Germany, 19 % included in prices.
test.each([
  {
    name: 'upgrade Basic 1000 → Pro 3000 on day 15 (15 of 30 days left), prorate',
    from: 1000,
    to: 3000,
    at: '2025-04-16T00:00:00Z',
    proration: 'prorate',
    // credit −1000 × 15/30 = −500; charge 3000 × 15/30 = 1500; billed with the May renewal (3000).
    renewal: {
      items: [
        ['Pro — From 2025-05-01 to 2025-06-01', 3000, false],
        ['Remaining time on Basic — From 2025-04-16 to 2025-05-01', -500, true],
        ['Pro — From 2025-04-16 to 2025-05-01', 1500, true],
      ],
      subtotal: 4000,
      total: 4000,
      tax: 639,
    },
    update: null,
  },
  {
    name: 'downgrade Pro 3000 → Basic 1000 on day 10 (20 of 30 days left), prorate',
    from: 3000,
    to: 1000,
    at: '2025-04-11T00:00:00Z',
    proration: 'prorate',
    // credit −3000 × 20/30 = −2000; charge 1000 × 20/30 = 666.67 → 667; renewal 1000 − 2000 + 667 = −333: 0 now, 333 carried.
    renewal: {
      items: [
        ['Basic — From 2025-05-01 to 2025-06-01', 1000, false],
        ['Remaining time on Pro — From 2025-04-11 to 2025-05-01', -2000, true],
        ['Basic — From 2025-04-11 to 2025-05-01', 667, true],
        ['Credit carried to the next renewal', 333, true],
      ],
      subtotal: 0,
      total: 0,
      tax: 0,
    },
    update: null,
  },
  {
    name: 'upgrade Basic 1000 → Pro 3000 on day 15, invoice: the difference is charged at once',
    from: 1000,
    to: 3000,
    at: '2025-04-16T00:00:00Z',
    proration: 'invoice',
    // −500 + 1500 = 1000 now (tax included: net round(1000 / 1.19) = 840, tax 160); May renews at 3000.
    renewal: { items: [['Pro — From 2025-05-01 to 2025-06-01', 3000, false]], subtotal: 3000, total: 3000, tax: 479 },
    update: {
      items: [
        ['Remaining time on Basic — From 2025-04-16 to 2025-05-01', -500, true],
        ['Pro — From 2025-04-16 to 2025-05-01', 1500, true],
      ],
      total: 1000,
      tax: 160,
    },
  },
  {
    name: 'upgrade Basic 1000 → Pro 3000, next_period: nothing prorated, Pro from the renewal',
    from: 1000,
    to: 3000,
    at: '2025-04-16T00:00:00Z',
    proration: 'next_period',
    renewal: { items: [['Pro — From 2025-05-01 to 2025-06-01', 3000, false]], subtotal: 3000, total: 3000, tax: 479 },
    update: null,
  },
])('$name', async ({ from, to, at, proration, renewal, update }) => {
  const [current, next] =
    from < to ? [await plan('Basic', from), await plan('Pro', to)] : [await plan('Pro', from), await plan('Basic', to)];
  const { clockId, subscription } = await subscribe(h, call, { product: current, start: '2025-04-01T00:00:00Z' });
  await advance(call, clockId, at);
  const changed = await change(subscription.id, { product_id: next, proration_behavior: proration });
  expect(changed.status).toBe(200);
  expect(changed.body.product_id).toBe(proration === 'next_period' ? current : next);
  if (proration === 'next_period')
    expect(changed.body.pending_update).toMatchObject({ product_id: next, applies_at: '2025-05-01T00:00:00.000Z' });

  await advance(call, clockId, '2025-05-01T12:00:00Z');
  const orders = await ordersOf(call, subscription.customer_id);
  const cycle = orders.find((o) => o.billing_reason === 'subscription_cycle');
  expect(lines(cycle)).toEqual(renewal.items);
  expect(cycle).toMatchObject({
    subtotal_amount: renewal.subtotal,
    total_amount: renewal.total,
    tax_amount: renewal.tax,
    status: 'paid',
  });
  const updateOrder = orders.find((o) => o.billing_reason === 'subscription_update');
  if (update)
    expect([lines(updateOrder), updateOrder.total_amount, updateOrder.tax_amount, updateOrder.status]).toEqual([
      update.items,
      update.total,
      update.tax,
      'paid',
    ]);
  else expect(updateOrder).toBeUndefined();
  expect((await getSubscription(call, subscription.id)).product_id).toBe(next);
});

test("a change that does not say how it is billed follows the organization's proration_behavior", async () => {
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'organizations:write'], 'sandbox');
  const own: Call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  const setting = await own('PATCH', `/v1/organizations/${org.id}`, {
    subscription_settings: { proration_behavior: 'invoice' },
  });
  expect(setting.body.subscription_settings.proration_behavior).toBe('invoice');
  const product = async (name: string, amount: number) =>
    (
      await own('POST', '/v1/products/', {
        name,
        recurring_interval: 'month',
        prices: [{ amount_type: 'fixed', price_amount: amount }],
      })
    ).body.id as string;
  const { clockId, subscription } = await subscribe(h, own, {
    product: await product('Basic', 1000),
    start: '2025-04-01T00:00:00Z',
  });
  await advance(own, clockId, '2025-04-16T00:00:00Z');
  expect(
    (await own('PATCH', `/v1/subscriptions/${subscription.id}`, { product_id: await product('Pro', 3000) })).status,
  ).toBe(200);
  // as the 'invoice' case above: −500 + 1500 charged at once
  const update = (await ordersOf(own, subscription.customer_id)).find(
    (o) => o.billing_reason === 'subscription_update',
  );
  expect([update?.total_amount, update?.status]).toEqual([1000, 'paid']);
});

test('a downgrade credit carried past one renewal lowers the next one', async () => {
  const { clockId, subscription } = await subscribe(h, call, {
    product: await plan('Pro', 3000),
    start: '2025-04-01T00:00:00Z',
  });
  await advance(call, clockId, '2025-04-11T00:00:00Z');
  expect((await change(subscription.id, { product_id: await plan('Basic', 1000) })).status).toBe(200);
  await advance(call, clockId, '2025-06-01T12:00:00Z');
  const june = (await ordersOf(call, subscription.customer_id)).at(-1);
  // 1000 − 333 carried from May.
  expect(lines(june)).toEqual([
    ['Basic — From 2025-06-01 to 2025-07-01', 1000, false],
    ['Credit carried from the previous renewal', -333, true],
  ]);
  expect(june.total_amount).toBe(667);
});

test('an invoiced change whose payment fails changes nothing and answers 402 PaymentFailed', async () => {
  const { clockId, subscription } = await subscribe(h, call, {
    product: await plan('Basic', 1000),
    start: '2025-04-01T00:00:00Z',
  });
  await advance(call, clockId, '2025-04-16T00:00:00Z');
  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  const refused = await change(subscription.id, { product_id: await plan('Pro', 3000), proration_behavior: 'invoice' });
  expect(refused.status).toBe(402);
  expect(refused.body.error).toBe('PaymentFailed');
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    product_id: subscription.product_id,
    amount: 1000,
  });
  expect((await ordersOf(call, subscription.customer_id)).map((o) => o.billing_reason)).toEqual([
    'subscription_create',
  ]);
});

test('an invoiced change whose charge the processor would settle later is canceled there: 402, nothing changes', async () => {
  const { clockId, subscription } = await subscribe(h, call, {
    product: await plan('Basic', 1000),
    start: '2025-04-01T00:00:00Z',
  });
  await advance(call, clockId, '2025-04-16T00:00:00Z');
  const processor = h.env.sandbox.processor!;
  const charge = processor.charge.bind(processor);
  const db = () => h.env.sandbox.orm.em.fork();
  // As Stripe may answer: the charge is still processing.
  const spy = jest.spyOn(processor, 'charge').mockImplementation(async (input) => {
    const charged = await charge(input);
    if (input.reference !== subscription.id) return charged;
    await db().execute("update sandbox_processor_charge set status = 'processing' where id = ?", [charged.chargeId]);
    return { ...charged, pending: true };
  });
  try {
    const refused = await change(subscription.id, {
      product_id: await plan('Pro', 3000),
      proration_behavior: 'invoice',
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('PaymentFailed');
  } finally {
    spy.mockRestore();
  }
  const [changeCharge] = await db().execute<{ status: string }[]>(
    'select status from sandbox_processor_charge where idempotency_key like ?',
    [`subscription:${subscription.id}:%`],
  );
  expect(changeCharge.status).toBe('canceled');
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    product_id: subscription.product_id,
    amount: 1000,
  });
  expect((await ordersOf(call, subscription.customer_id)).map((o) => o.billing_reason)).toEqual([
    'subscription_create',
  ]);
});

test('seats: 3 → 5 seats at 800 each on day 15 of 30, prorated onto the renewal', async () => {
  const product = (
    await call('POST', '/v1/products/', {
      name: 'Team',
      recurring_interval: 'month',
      prices: [
        {
          amount_type: 'seat_based',
          seat_tiers: { seat_tier_type: 'volume', tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 800 }] },
        },
      ],
    })
  ).body.id;
  const { clockId, subscription } = await subscribe(h, call, { product, seats: 3, start: '2025-04-01T00:00:00Z' });
  expect(subscription).toMatchObject({ seats: 3, amount: 2400 });
  await advance(call, clockId, '2025-04-16T00:00:00Z');
  const more = await change(subscription.id, { seats: 5 });
  expect(more.status).toBe(200);
  expect(more.body).toMatchObject({ seats: 5, amount: 4000 });
  await advance(call, clockId, '2025-05-01T12:00:00Z');
  const renewal = (await ordersOf(call, subscription.customer_id)).at(-1);
  // credit −2400 × 15/30 = −1200; charge 4000 × 15/30 = 2000; renewal 4000 + 800 = 4800.
  expect(lines(renewal)).toEqual([
    ['Team — From 2025-05-01 to 2025-06-01', 4000, false],
    ['Remaining time on Team (3 seats) — From 2025-04-16 to 2025-05-01', -1200, true],
    ['Team (5 seats) — From 2025-04-16 to 2025-05-01', 2000, true],
  ]);
  expect(renewal.total_amount).toBe(4800);
  expect((await change(subscription.id, { seats: 0 })).status).toBe(422);
});

test('a 3-month repeating 50 % discount applies to exactly three monthly cycles', async () => {
  const discount = await call('POST', '/v1/discounts/', {
    name: 'Half off for 3 months',
    type: 'percentage',
    basis_points: 5000,
    duration: 'repeating',
    duration_in_months: 3,
  });
  expect(discount.status).toBe(201);
  const { clockId, subscription } = await subscribe(h, call, {
    price: 1000,
    discountId: discount.body.id,
    start: '2025-01-15T00:00:00Z',
  });
  expect(subscription).toMatchObject({ discount_id: discount.body.id, amount: 500 });
  await advance(call, clockId, '2025-05-16T00:00:00Z');
  const orders = await ordersOf(call, subscription.customer_id);
  expect(orders.map((o) => [o.created_at.slice(0, 10), o.subtotal_amount, o.discount_amount, o.total_amount])).toEqual([
    ['2025-01-15', 1000, 500, 500],
    ['2025-02-15', 1000, 500, 500],
    ['2025-03-15', 1000, 500, 500],
    ['2025-04-15', 1000, 0, 1000],
    ['2025-05-15', 1000, 0, 1000],
  ]);
  expect(await getSubscription(call, subscription.id)).toMatchObject({ discount_id: null, amount: 1000 });
});

test('a request retried with the same X-Idempotency-Key is answered as the first, not refused or applied twice', async () => {
  const { clockId, subscription } = await subscribe(h, call, {
    product: await plan('Basic', 1000),
    start: '2025-04-01T00:00:00Z',
  });
  await advance(call, clockId, '2025-04-16T00:00:00Z');
  const cancel = (key: string) =>
    change(
      subscription.id,
      { cancel_at_period_end: true, customer_cancellation_reason: 'unused' },
      { 'x-idempotency-key': key },
    );
  const [first, retried, other] = [await cancel('cancel-1'), await cancel('cancel-1'), await cancel('cancel-2')];
  expect([first.status, retried.status, other.status]).toEqual([200, 200, 403]);
  expect(retried.body).toMatchObject({
    cancel_at_period_end: true,
    customer_cancellation_reason: 'unused',
    canceled_at: '2025-04-16T00:00:00.000Z',
  });
  expect(other.body.error).toBe('AlreadyCanceledSubscription');
});

test('a discount added with PATCH applies from the next renewal; removing it restores the full price', async () => {
  const { clockId, subscription } = await subscribe(h, call, {
    product: await plan('Basic', 2000),
    start: '2025-04-01T00:00:00Z',
  });
  const discount = (
    await call('POST', '/v1/discounts/', {
      name: 'Loyalty',
      type: 'percentage',
      basis_points: 2500,
      duration: 'forever',
    })
  ).body;
  const added = await change(subscription.id, { discount_id: discount.id });
  expect(added.status).toBe(200);
  expect(added.body).toMatchObject({ discount_id: discount.id, amount: 1500 });
  await advance(call, clockId, '2025-05-01T12:00:00Z');
  expect((await change(subscription.id, { discount_id: null })).body).toMatchObject({
    discount_id: null,
    amount: 2000,
  });
  await advance(call, clockId, '2025-06-01T12:00:00Z');
  const orders = await ordersOf(call, subscription.customer_id);
  expect(orders.map((o) => [o.created_at.slice(0, 10), o.discount_amount, o.total_amount])).toEqual([
    ['2025-04-01', 0, 2000],
    ['2025-05-01', 500, 1500],
    ['2025-06-01', 0, 2000],
  ]);
  expect((await change(subscription.id, { discount_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(422);
});
