// Renewals on a test clock: a year of monthly renewals anchored on the 31st (every order's amounts and the webhooks
// checked), and a yearly plan anchored on Jan 31 through a leap year.
import { startHarness, eventually, type TestHarness } from '../support/harness';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { advance, getSubscription, ordersOf, sandboxCaller, subscribe, type Call } from '../support/subscriptions';

let h: TestHarness;
let call: Call;
let receiver: Receiver;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  call = await sandboxCaller(h);
  receiver = await startReceiver();
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: [
      'order.created',
      'order.updated',
      'order.paid',
      'subscription.created',
      'subscription.updated',
      'subscription.active',
    ],
  });
  expect(endpoint.status).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

// 1000 a month, tax included at Germany's 19 %: net round(1000 / 1.19) = 840, tax 160.
const MONTHLY_ENDS = [
  '2025-02-28',
  '2025-03-31',
  '2025-04-30',
  '2025-05-31',
  '2025-06-30',
  '2025-07-31',
  '2025-08-31',
  '2025-09-30',
  '2025-10-31',
  '2025-11-30',
  '2025-12-31',
  '2026-01-31',
  '2026-02-28',
];

test('twelve monthly renewals anchored on Jan 31: one paid order per period, amounts and webhooks', async () => {
  const { clockId, subscription } = await subscribe(h, call, { price: 1000, start: '2025-01-31T10:00:00Z' });
  expect(subscription).toMatchObject({
    status: 'active',
    current_period_start: '2025-01-31T10:00:00.000Z',
    current_period_end: '2025-02-28T10:00:00.000Z',
    amount: 1000,
    currency: 'usd',
  });
  await eventually(async () => (await ordersOf(call, subscription.customer_id))[0]?.paid);

  await advance(call, clockId, '2026-01-31T10:00:00Z');

  const orders = await ordersOf(call, subscription.customer_id);
  expect(orders.map((o) => o.billing_reason)).toEqual(['subscription_create', ...Array(12).fill('subscription_cycle')]);
  orders.forEach((order, i) => {
    expect(order).toMatchObject({
      status: 'paid',
      subscription_id: subscription.id,
      subtotal_amount: 1000,
      discount_amount: 0,
      net_amount: 840,
      tax_amount: 160,
      total_amount: 1000,
    });
    const start = i === 0 ? '2025-01-31' : MONTHLY_ENDS[i - 1];
    expect(order.created_at.slice(0, 10)).toBe(start);
    if (i > 0)
      expect(order.items).toEqual([
        expect.objectContaining({
          label: `Plan 1000 — From ${start} to ${MONTHLY_ENDS[i]}`,
          amount: 1000,
          proration: false,
        }),
      ]);
  });
  const renewed = await getSubscription(call, subscription.id);
  expect(renewed).toMatchObject({
    status: 'active',
    current_period_start: '2026-01-31T10:00:00.000Z',
    current_period_end: '2026-02-28T10:00:00.000Z',
  });

  // Webhooks: each renewal order created, then updated and paid; the subscription updated each time. Deliveries are
  // ordered per resource only (two orders' events may arrive in either order), so they are read in the order of their
  // events' timestamps.
  const about = (type: string, id?: string) =>
    receiver.received
      .filter((r) => r.json.type === type && (!id || r.json.data.id === id || r.json.data.subscription_id === id))
      .sort((a, b) => Date.parse(a.json.timestamp) - Date.parse(b.json.timestamp));
  await eventually(
    async () =>
      about('order.paid', subscription.id).length === 13 && about('subscription.updated', subscription.id).length >= 13,
    30_000,
  );
  expect(about('order.created', subscription.id)).toHaveLength(13);
  expect(about('order.paid', subscription.id).map((r) => r.json.data.billing_reason)).toEqual([
    'subscription_create',
    ...Array(12).fill('subscription_cycle'),
  ]);
  expect(about('subscription.created', subscription.id)).toHaveLength(1);
  expect(about('subscription.active', subscription.id)).toHaveLength(1);
  const firstPaid = about('order.paid', subscription.id)[0];
  expect(Date.parse(firstPaid.json.timestamp)).toBeLessThanOrEqual(
    Date.parse(about('subscription.active', subscription.id)[0].json.timestamp),
  );
});

test('a yearly plan anchored on Jan 31 renews on Jan 31 through a leap year', async () => {
  const { clockId, subscription } = await subscribe(h, call, {
    price: 12000,
    interval: 'year',
    start: '2027-01-31T00:00:00Z',
  });
  expect(subscription.current_period_end).toBe('2028-01-31T00:00:00.000Z');
  await advance(call, clockId, '2029-02-01T00:00:00Z');
  const orders = await ordersOf(call, subscription.customer_id);
  expect(orders.map((o) => [o.created_at.slice(0, 10), o.billing_reason, o.total_amount, o.status])).toEqual([
    ['2027-01-31', 'subscription_create', 12000, 'paid'],
    ['2028-01-31', 'subscription_cycle', 12000, 'paid'],
    ['2029-01-31', 'subscription_cycle', 12000, 'paid'],
  ]);
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    current_period_start: '2029-01-31T00:00:00.000Z',
    current_period_end: '2030-01-31T00:00:00.000Z',
  });
});
