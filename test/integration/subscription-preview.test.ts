// A change's preview (POST /v1/subscriptions/{id}/preview and the portal's): what the same body sent to PATCH does, to
// the cent, with nothing written — no order, no event, the subscription as it was — and the same refusals.
import { SubscriptionChangePreview } from '../../src/contracts/subscription-change-preview';
import { inTransaction } from '../../src/platform/database/transaction';
import { startHarness, type TestHarness } from '../support/harness';
import {
  advance,
  billOf,
  getSubscription,
  ordersOf,
  subscribe,
  SUBSCRIPTION_SCOPES,
  type Call,
} from '../support/subscriptions';

let h: TestHarness;
let shop: { id: string; call: Call };

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'customer_sessions:write', 'benefits:write'], 'sandbox');
  shop = {
    id: org.id,
    call: (method, path, json, headers) =>
      h.request(method, path, { token: org.token, environment: 'sandbox', json, headers }),
  };
});
afterAll(() => h.close());

const START = '2025-04-01T00:00:00Z';
const DAY_15 = '2025-04-16T00:00:00Z';

async function plan(name: string, amount: number, benefits: string[] = []) {
  const product = await shop.call('POST', '/v1/products/', {
    name,
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: amount }],
  });
  if (benefits.length) await shop.call('POST', `/v1/products/${product.body.id}/benefits`, { benefits });
  return product.body.id as string;
}
const benefit = async (description: string) =>
  (await shop.call('POST', '/v1/benefits/', { type: 'custom', description, properties: {} })).body.id as string;
const preview = (id: string, body: unknown) => shop.call('POST', `/v1/subscriptions/${id}/preview`, body);
/** Outbox rows (events, workflow starts) that name the subscription. */
const outboxRows = async (id: string) =>
  Number(
    (
      await h.env.sandbox.orm.em
        .fork()
        .execute<{ n: string }[]>('select count(*) as n from outbox_message where payload::text like ?', [`%${id}%`])
    )[0].n,
  );
/** What a preview must leave as it was: the subscription, its orders and its outbox rows. */
const state = async (s: { id: string; customer_id: string }) => ({
  subscription: await getSubscription(shop.call, s.id),
  orders: (await ordersOf(shop.call, s.customer_id)).map((o) => o.id),
  outbox: await outboxRows(s.id),
});
const bare = SubscriptionChangePreview.omit({ subscription: true }).strict();

test('an invoiced upgrade on day 15: the preview shows the charge, the renewal and the benefits, and equals the order the change then makes', async () => {
  const [support, priority] = [await benefit('Email support'), await benefit('Priority queue')];
  const basic = await plan('Basic', 1000, [support]);
  const pro = await plan('Pro', 3000, [support, priority]);
  const { clockId, subscription } = await subscribe(h, shop.call, { product: basic, start: START });
  await advance(shop.call, clockId, DAY_15);
  const before = await state(subscription);

  const body = { product_id: pro, proration_behavior: 'invoice' };
  const shown = await preview(subscription.id, body);
  expect(shown.status).toBe(200);
  const { subscription: after, ...rest } = shown.body;
  expect(bare.parse(rest)).toEqual({
    kind: 'change',
    proration_behavior: 'invoice',
    previewed_at: '2025-04-16T00:00:00.000Z', // the test clock's time
    effective_at: '2025-04-16T00:00:00.000Z',
    currency: 'usd',
    lines: [
      expect.objectContaining({ label: 'Remaining time on Basic — From 2025-04-16 to 2025-05-01', amount: -500 }),
      expect.objectContaining({ label: 'Pro — From 2025-04-16 to 2025-05-01', amount: 1500 }),
    ],
    billed: 'now',
    // −500 + 1500, 19 % German VAT included: net round(1000 / 1.19) = 840, tax 160.
    due_now: expect.objectContaining({ subtotal_amount: 1000, net_amount: 840, tax_amount: 160, total_amount: 1000 }),
    amount_due_now: 1000,
    next_renewal: expect.objectContaining({
      renews_at: '2025-05-01T00:00:00.000Z',
      total_amount: 3000,
      tax_amount: 479,
    }),
    benefits: {
      granted: [{ id: priority, type: 'custom', description: 'Priority queue' }],
      revoked: [],
      effective_at: '2025-04-16T00:00:00.000Z',
    },
  });
  expect(after).toMatchObject({ id: subscription.id, product_id: pro, amount: 3000, pending_update: null });
  expect(await state(subscription)).toEqual(before); // nothing written, nothing announced

  expect((await shop.call('PATCH', `/v1/subscriptions/${subscription.id}`, body)).status).toBe(200);
  const orders = await ordersOf(shop.call, subscription.customer_id);
  const update = orders.find((o) => o.billing_reason === 'subscription_update');
  expect({
    lines: update.items.map((i: any) => ({
      label: i.label,
      amount: i.amount,
      proration: i.proration,
      product_price_id: i.product_price_id,
    })),
    subtotal_amount: update.subtotal_amount,
    discount_amount: update.discount_amount,
    net_amount: update.net_amount,
    tax_amount: update.tax_amount,
    total_amount: update.total_amount,
  }).toEqual(shown.body.due_now);
  const changed = await getSubscription(shop.call, subscription.id);
  expect(changed).toMatchObject({ product_id: after.product_id, amount: after.amount, seats: after.seats });

  await advance(shop.call, clockId, '2025-05-01T12:00:00Z');
  const cycle = (await ordersOf(shop.call, subscription.customer_id)).at(-1);
  expect([cycle.billing_reason, cycle.created_at, cycle.total_amount, cycle.tax_amount]).toEqual([
    'subscription_cycle',
    '2025-05-01T00:00:00.000Z',
    shown.body.next_renewal.total_amount,
    shown.body.next_renewal.tax_amount,
  ]);
});

test('prorate, next_period, cancel, uncancel and revoke: what is billed when, and the subscription after', async () => {
  const [basic, pro] = [await plan('Basic', 1000), await plan('Pro', 3000)];
  const { clockId, subscription } = await subscribe(h, shop.call, { product: basic, start: START });
  await advance(shop.call, clockId, DAY_15);
  const before = await state(subscription);

  const prorated = (await preview(subscription.id, { product_id: pro, proration_behavior: 'prorate' })).body;
  expect(prorated).toMatchObject({ billed: 'next_renewal', due_now: null, amount_due_now: 0 });
  // The May renewal: Pro 3000 with the −500 + 1500 carried (tax included 639), as subscription-changes.test.ts bills it.
  expect(prorated.next_renewal).toEqual({
    renews_at: '2025-05-01T00:00:00.000Z',
    lines: [
      {
        label: 'Pro — From 2025-05-01 to 2025-06-01',
        amount: 3000,
        proration: false,
        product_price_id: expect.any(String),
      },
      {
        label: 'Remaining time on Basic — From 2025-04-16 to 2025-05-01',
        amount: -500,
        proration: true,
        product_price_id: expect.any(String),
      },
      {
        label: 'Pro — From 2025-04-16 to 2025-05-01',
        amount: 1500,
        proration: true,
        product_price_id: expect.any(String),
      },
    ],
    subtotal_amount: 4000,
    discount_amount: 0,
    net_amount: 3361,
    tax_amount: 639,
    total_amount: 4000,
  });

  const scheduled = (await preview(subscription.id, { product_id: pro, proration_behavior: 'next_period' })).body;
  expect(scheduled).toMatchObject({
    effective_at: '2025-05-01T00:00:00.000Z',
    lines: [],
    billed: 'none',
    amount_due_now: 0,
    next_renewal: { total_amount: 3000, lines: [expect.objectContaining({ amount: 3000 })] },
    subscription: { product_id: basic, pending_update: { product_id: pro, applies_at: '2025-05-01T00:00:00.000Z' } },
  });

  const cancel = (
    await preview(subscription.id, { cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive' })
  ).body;
  expect(cancel).toMatchObject({
    kind: 'cancel',
    proration_behavior: null,
    effective_at: '2025-05-01T00:00:00.000Z',
    amount_due_now: 0,
    next_renewal: null,
    subscription: {
      cancel_at_period_end: true,
      ends_at: '2025-05-01T00:00:00.000Z',
      customer_cancellation_reason: 'too_expensive',
    },
  });
  const revoke = (await preview(subscription.id, { revoke: true })).body;
  expect(revoke).toMatchObject({ kind: 'revoke', next_renewal: null, subscription: { status: 'canceled' } });
  expect(revoke.subscription.ended_at).toBe('2025-04-16T00:00:00.000Z');
  // Not set to cancel: uncancel is refused as PATCH refuses it (and PATCH changes nothing either).
  const uncancel = await preview(subscription.id, { cancel_at_period_end: false });
  const patched = await shop.call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: false });
  expect([uncancel.status, uncancel.body.error]).toEqual([400, 'BadRequest']);
  expect([patched.status, patched.body.error]).toEqual([400, 'BadRequest']);
  expect(await state(subscription)).toEqual(before);
});

test('bad bodies are refused as the change refuses them (422, 403, 404), with nothing written', async () => {
  const basic = await plan('Basic', 1000);
  const yearly = (
    await shop.call('POST', '/v1/products/', {
      name: 'Yearly',
      recurring_interval: 'year',
      prices: [{ amount_type: 'fixed', price_amount: 10000 }],
    })
  ).body.id;
  const { subscription } = await subscribe(h, shop.call, { product: basic, start: START });
  const before = await state(subscription);
  const missing = '00000000-0000-4000-8000-000000000000';
  for (const [body, loc] of [
    [{}, ['body']],
    [{ seats: 0 }, ['body', 'seats']],
    [{ seats: 3 }, ['body', 'seats']], // a fixed price has no seats
    [{ product_id: missing }, ['body', 'product_id']],
    [{ product_id: yearly }, ['body', 'product_id']],
    [{ discount_id: missing }, ['body', 'discount_id']],
    [{ product_id: basic, cancel_at_period_end: true }, ['body']],
    [{ proration_behavior: 'sometimes', product_id: basic }, ['body', 'proration_behavior']],
  ] as const) {
    const [shown, changed] = [
      await preview(subscription.id, body),
      await shop.call('PATCH', `/v1/subscriptions/${subscription.id}`, body),
    ];
    expect([shown.status, shown.body.detail?.[0]?.loc]).toEqual([422, loc]);
    expect([changed.status, changed.body.detail?.[0]?.loc]).toEqual([422, loc]);
  }
  expect((await preview(missing, { cancel_at_period_end: true })).status).toBe(404);
  const reader = await h.organization(['subscriptions:read'], 'sandbox');
  const denied = await h.request('POST', `/v1/subscriptions/${subscription.id}/preview`, {
    token: reader.token,
    environment: 'sandbox',
    json: { cancel_at_period_end: true },
  });
  expect(denied.status).toBe(403);
  expect(await state(subscription)).toEqual(before);
});

test("the portal's preview: the customer's own subscription, with the portal's rules and the invoice proration it bills", async () => {
  const [basic, pro] = [await plan('Basic', 1000), await plan('Pro', 3000)];
  const { clockId, subscription } = await subscribe(h, shop.call, { product: basic, start: START });
  const other = (await subscribe(h, shop.call, { product: basic, start: START })).subscription;
  await advance(shop.call, clockId, DAY_15);
  const session = await shop.call('POST', '/v1/customer-sessions/', { customer_id: subscription.customer_id });
  const portal = (path: string, json: unknown, token: string | undefined = session.body.token) =>
    h.request('POST', `/v1/customer-portal/subscriptions/${path}/preview`, { token, environment: 'sandbox', json });
  const allow = (allowed: boolean) =>
    inTransaction(h.env.sandbox.orm, (tx) =>
      h.env.sandbox.domains.organizations.update(tx, shop.id, {
        customer_portal_settings: { subscription: { update_plan: allowed, update_seats: allowed } },
      }),
    );
  const before = await state(subscription);

  await allow(false);
  const refused = await portal(subscription.id, { product_id: pro });
  expect([refused.status, refused.body.error]).toEqual([403, 'NotPermitted']);
  await allow(true);
  const shown = await portal(subscription.id, { product_id: pro });
  expect(shown.status).toBe(200);
  expect(shown.body).toMatchObject({
    kind: 'change',
    proration_behavior: 'invoice',
    billed: 'now',
    amount_due_now: 1000,
    due_now: { tax_amount: 160 },
    subscription: { id: subscription.id, product_id: pro, amount: 3000 },
  });
  expect(shown.body.subscription).not.toHaveProperty('metadata'); // the portal's CustomerSubscription
  const cancel = await portal(subscription.id, { cancel_at_period_end: true, cancellation_reason: 'unused' });
  expect(cancel.body).toMatchObject({ kind: 'cancel', next_renewal: null, amount_due_now: 0 });
  expect((await portal(other.id, { product_id: pro })).status).toBe(404); // another customer's
  expect((await portal(subscription.id, { product_id: pro }, 'bursar_cst_not-a-token')).status).toBe(401);
  expect((await portal(subscription.id, { seats: 0 })).status).toBe(422);
  expect(await state(subscription)).toEqual(before);
});

// Pause and resume previewed: the same bodies as PATCH, and what they bill on the resume order, to the cent.
/** A sandbox organization keeping benefits while paused or not, its caller, and a plan with one benefit. */
async function pausingShop(keepBenefits: boolean, amount: number) {
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'benefits:write'], 'sandbox');
  await inTransaction(h.env.sandbox.orm, (tx) =>
    h.env.sandbox.domains.organizations.update(tx, org.id, {
      subscription_settings: { keep_benefits_while_paused: keepBenefits },
    }),
  );
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const benefit = await call('POST', '/v1/benefits/', { type: 'custom', description: 'Members area', properties: {} });
  const product = await call('POST', '/v1/products/', {
    name: 'Plan',
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: amount }],
  });
  expect((await call('POST', `/v1/products/${product.body.id}/benefits`, { benefits: [benefit.body.id] })).status).toBe(
    200,
  );
  const ref = { id: benefit.body.id as string, type: 'custom', description: 'Members area' };
  return { call, productId: product.body.id as string, benefit: ref };
}
const pauseFields = (s: any) => ({
  status: s.status,
  amount: s.amount,
  discount_id: s.discount_id,
  current_period_start: s.current_period_start,
  current_period_end: s.current_period_end,
  pause_at_period_end: s.pause_at_period_end,
  paused_at: s.paused_at,
  resumes_at: s.resumes_at,
});
/** The orders of the customer written since `seen` (ids), oldest first. */
const newOrders = async (call: Call, customerId: string, seen: Set<string>) =>
  (await ordersOf(call, customerId)).filter((o) => !seen.has(o.id));

test('pause now until a date: the credit and the resume order previewed equal the order the resume date makes; benefits revoked, then granted again', async () => {
  const { call, productId, benefit } = await pausingShop(false, 3000);
  const tenOff = await call('POST', '/v1/discounts/', {
    name: '10 % forever',
    type: 'percentage',
    basis_points: 1000,
    duration: 'forever',
  });
  const { clockId, subscription } = await subscribe(h, call, {
    product: productId,
    start: '2025-01-01T00:00:00Z',
    discountId: tenOff.body.id,
  });
  await advance(call, clockId, '2025-01-11T00:00:00Z'); // 10 of January's 31 days used
  const seen = new Set((await ordersOf(call, subscription.customer_id)).map((o) => o.id));
  const body = { pause_now: true, resumes_at: '2025-03-20T00:00:00Z' };

  const shown = await call('POST', `/v1/subscriptions/${subscription.id}/preview`, body);
  expect(shown.status).toBe(200);
  const { subscription: after, ...rest } = shown.body;
  // The unused 21/31 of the discounted 2700: 1829.03 → −1829, carried to the resume order, never discounted. That
  // order: 3000 − 300 (10 %) − 1829 = 871, German VAT included: net round(871 / 1.19) = 732, tax 139.
  const credit = { label: 'Unused time before the pause on 2025-01-11', amount: -1829, proration: true };
  expect(bare.parse(rest)).toEqual({
    kind: 'pause',
    proration_behavior: null,
    previewed_at: '2025-01-11T00:00:00.000Z',
    effective_at: '2025-01-11T00:00:00.000Z',
    currency: 'usd',
    lines: [{ ...credit, product_price_id: null }],
    billed: 'next_renewal',
    due_now: null,
    amount_due_now: 0,
    next_renewal: {
      renews_at: '2025-03-20T00:00:00.000Z',
      lines: [
        {
          label: 'Plan — From 2025-03-20 to 2025-04-20',
          amount: 3000,
          proration: false,
          product_price_id: expect.any(String),
        },
        { ...credit, product_price_id: null },
      ],
      subtotal_amount: 1171,
      discount_amount: 300,
      net_amount: 732,
      tax_amount: 139,
      total_amount: 871,
    },
    benefits: { granted: [], revoked: [benefit], effective_at: '2025-01-11T00:00:00.000Z' },
  });

  expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, body)).status).toBe(200);
  expect(pauseFields(await getSubscription(call, subscription.id))).toEqual(pauseFields(after));
  expect(await newOrders(call, subscription.customer_id, seen)).toEqual([]);

  // Paused, a resume now is previewed (not made): its order now, the benefits back (the organization revokes them).
  await advance(call, clockId, '2025-02-15T00:00:00Z');
  const resume = (await call('POST', `/v1/subscriptions/${subscription.id}/preview`, { resume: true })).body;
  expect(resume).toMatchObject({
    kind: 'resume',
    billed: 'now',
    amount_due_now: 871,
    due_now: { lines: [{ label: 'Plan — From 2025-02-15 to 2025-03-15', amount: 3000 }, credit] },
    next_renewal: { renews_at: '2025-03-15T00:00:00.000Z', total_amount: 2700 },
    benefits: { granted: [benefit], revoked: [] },
  });

  await advance(call, clockId, '2025-03-21T00:00:00Z'); // past the resume date
  const made = await newOrders(call, subscription.customer_id, seen);
  const { renews_at: renewsAt, ...expected } = shown.body.next_renewal;
  expect(made.map((o) => [o.billing_reason, o.created_at])).toEqual([['subscription_cycle', renewsAt]]);
  expect(billOf(made[0])).toEqual(expected);
});

test('pause at period end and resume now: previewed with the benefits the organization keeps, the resume order and the renewal after it equal those made', async () => {
  const { call, productId } = await pausingShop(true, 1000);
  const quarterOff = await call('POST', '/v1/discounts/', {
    name: '25 % for 3 months',
    type: 'percentage',
    basis_points: 2500,
    duration: 'repeating',
    duration_in_months: 3, // the periods starting up to March 10 (its third month)
  });
  const { clockId, subscription } = await subscribe(h, call, {
    product: productId,
    start: '2025-01-10T00:00:00Z',
    discountId: quarterOff.body.id,
  });
  const preview = async (body: unknown) => {
    const shown = await call('POST', `/v1/subscriptions/${subscription.id}/preview`, body);
    expect(shown.status).toBe(200);
    return shown.body;
  };

  const atPeriodEnd = await preview({ pause_at_period_end: true });
  expect(atPeriodEnd).toMatchObject({
    kind: 'pause',
    effective_at: '2025-02-10T00:00:00.000Z',
    lines: [],
    billed: 'none',
    due_now: null,
    next_renewal: null, // paused until resumed
    benefits: { granted: [], revoked: [], effective_at: '2025-02-10T00:00:00.000Z' }, // kept while paused
    subscription: { status: 'active', pause_at_period_end: true, paused_at: null },
  });
  const untilApril = await preview({ pause_at_period_end: true, resumes_at: '2025-04-05T00:00:00Z' });
  // Paused at the period's end, nothing to credit: the resume order is the plan in full, its discount run out.
  expect(untilApril).toMatchObject({
    lines: [],
    billed: 'none',
    next_renewal: {
      renews_at: '2025-04-05T00:00:00.000Z',
      lines: [{ label: 'Plan — From 2025-04-05 to 2025-05-05', amount: 1000, proration: false }],
      discount_amount: 0,
      total_amount: 1000,
    },
    subscription: { resumes_at: '2025-04-05T00:00:00.000Z' },
  });

  expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, { pause_at_period_end: true })).status).toBe(200);
  await advance(call, clockId, '2025-03-01T00:00:00Z'); // paused since February 10
  expect((await getSubscription(call, subscription.id)).status).toBe('paused');
  const seen = new Set((await ordersOf(call, subscription.customer_id)).map((o) => o.id));

  const resume = await preview({ resume: true });
  // A new period from March 1, inside the discount's three months: 1000 − 250 = 750, VAT included:
  // net round(750 / 1.19) = 630, tax 120. The renewal after it, on April 1, is past them: 1000, tax 160.
  expect(resume).toMatchObject({
    kind: 'resume',
    effective_at: '2025-03-01T00:00:00.000Z',
    lines: [],
    billed: 'now',
    amount_due_now: 750,
    due_now: {
      lines: [{ label: 'Plan — From 2025-03-01 to 2025-04-01', amount: 1000, proration: false }],
      discount_amount: 250,
      tax_amount: 120,
      total_amount: 750,
    },
    next_renewal: { renews_at: '2025-04-01T00:00:00.000Z', discount_amount: 0, tax_amount: 160, total_amount: 1000 },
    benefits: { granted: [], revoked: [] }, // kept while paused: nothing to grant again
    subscription: { status: 'active', current_period_end: '2025-04-01T00:00:00.000Z' },
  });

  expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, { resume: true })).status).toBe(200);
  const charged = await newOrders(call, subscription.customer_id, seen);
  expect(charged.map(billOf)).toEqual([resume.due_now]);
  expect(pauseFields(await getSubscription(call, subscription.id))).toEqual(pauseFields(resume.subscription));

  await advance(call, clockId, '2025-04-01T01:00:00Z');
  const renewed = (await newOrders(call, subscription.customer_id, seen)).slice(1);
  const { renews_at: renewsAt, ...expected } = resume.next_renewal;
  expect(renewed.map((o) => o.created_at)).toEqual([renewsAt]);
  expect(billOf(renewed[0])).toEqual(expected);
});

test('seats across tiers: the preview shows the credit and the charge per tier, and the order has those lines', async () => {
  const team = await shop.call('POST', '/v1/products/', {
    name: 'Team',
    recurring_interval: 'month',
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: {
          seat_tier_type: 'graduated',
          tiers: [
            { min_seats: 1, max_seats: 3, price_per_seat: 1000 },
            { min_seats: 4, max_seats: null, price_per_seat: 550 },
          ],
        },
      },
    ],
  });
  const { clockId, subscription } = await subscribe(h, shop.call, {
    product: team.body.id,
    seats: 5,
    start: START,
  });
  expect(subscription.amount).toBe(4100); // 3 × 1000 + 2 × 550
  await advance(shop.call, clockId, '2025-04-20T00:00:00Z'); // 11 of April's 30 days left
  const body = { seats: 8, proration_behavior: 'invoice' };
  const shown = await preview(subscription.id, body);
  expect(shown.status).toBe(200);
  // Credit 4100 × 11/30 = 1503.33 → 1503, split 3000 : 1100 → 1099.76 + 403.24 → 1100 + 403 (largest remainder).
  // Charge 8 seats = 3000 + 2750 = 5750 × 11/30 = 2108.33 → 2108, split 3000 : 2750 → 1099.83 + 1008.17 → 1100 + 1008.
  // Due 2108 − 1503 = 605, German VAT included: net round(605 / 1.19) = 508, tax 97.
  const rest = 'From 2025-04-20 to 2025-05-01';
  expect(shown.body.lines.map((l: any) => [l.label, l.amount])).toEqual([
    [`Remaining time on Team (5 seats) — ${rest}, tier 1 (seats 1 to 3): 3 seats × USD 10.00`, -1100],
    [`Remaining time on Team (5 seats) — ${rest}, tier 2 (seats 4 and up): 2 seats × USD 5.50`, -403],
    [`Team (8 seats) — ${rest}, tier 1 (seats 1 to 3): 3 seats × USD 10.00`, 1100],
    [`Team (8 seats) — ${rest}, tier 2 (seats 4 and up): 5 seats × USD 5.50`, 1008],
  ]);
  expect(shown.body).toMatchObject({
    billed: 'now',
    amount_due_now: 605,
    due_now: { subtotal_amount: 605, net_amount: 508, tax_amount: 97 },
    next_renewal: { total_amount: 5750 },
  });
  expect(shown.body.due_now.lines).toEqual(shown.body.lines);

  expect((await shop.call('PATCH', `/v1/subscriptions/${subscription.id}`, body)).status).toBe(200);
  const update = (await ordersOf(shop.call, subscription.customer_id)).find(
    (o) => o.billing_reason === 'subscription_update',
  );
  expect(billOf(update)).toEqual(shown.body.due_now);
});
