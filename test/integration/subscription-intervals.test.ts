// Intervals with counts on test clocks: monthly anchored on Jan 31 through a leap February, yearly from Feb 29, every
// 3 months from Nov 30, every 4 weeks and every 10 days — each period's start and end and each order's date checked
// through several renewals.
import { randomUUID } from 'node:crypto';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { advance, getSubscription, ordersOf, sandboxCaller, subscribe, type Call } from '../support/subscriptions';

let h: TestHarness;
let call: Call;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  call = await sandboxCaller(h);
});
afterAll(() => h?.close());

/**
 * Subscribes at `start` to a product renewing every `count` `interval`s, advances the clock to `until`, and checks
 * that the orders are dated `starts` (the first at the purchase, one per renewal) and that each period runs from its
 * start to the next, the last one ending at `lastEnd`.
 */
async function renewals(
  interval: 'day' | 'week' | 'month' | 'year',
  count: number,
  start: string,
  until: string,
  starts: string[],
  lastEnd: string,
) {
  const product = await call('POST', '/v1/products/', {
    name: `Every ${count} ${interval} ${randomUUID().slice(0, 6)}`,
    recurring_interval: interval,
    recurring_interval_count: count,
    prices: [{ amount_type: 'fixed', price_amount: 1190 }],
  });
  expect(product.status).toBe(201);
  expect(product.body).toMatchObject({ recurring_interval: interval, recurring_interval_count: count });
  const { clockId, subscription } = await subscribe(h, call, { product: product.body.id, start });
  const time = start.slice(10); // every period starts and ends at the purchase's time of day
  const ends = [...starts.slice(1), lastEnd];
  expect(subscription).toMatchObject({
    recurring_interval: interval,
    recurring_interval_count: count,
    current_period_start: `${starts[0]}${time}`,
    current_period_end: `${ends[0]}${time}`,
  });
  await advance(call, clockId, until);

  const orders = await eventually(async () => {
    const listed = await ordersOf(call, subscription.customer_id);
    return listed.length === starts.length && listed.every((o) => o.paid) && listed;
  });
  expect(orders.map((o) => o.created_at)).toEqual(starts.map((day) => `${day}${time}`));
  expect(orders.map((o) => o.billing_reason)).toEqual([
    'subscription_create',
    ...Array(starts.length - 1).fill('subscription_cycle'),
  ]);
  // Each renewal bills the period it opens: from its date to the next renewal's (or the last end).
  orders.slice(1).forEach((order, i) => {
    expect(order.items).toEqual([
      expect.objectContaining({ label: expect.stringContaining(`From ${starts[i + 1]} to ${ends[i + 1]}`) }),
    ]);
    expect(order).toMatchObject({ subtotal_amount: 1190, total_amount: 1190, status: 'paid' });
  });
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_start: `${starts[starts.length - 1]}${time}`,
    current_period_end: `${lastEnd}${time}`,
  });
}

test('monthly from Jan 31 in a leap year: Feb 29, then back to the 31st or the month’s last day', async () => {
  await renewals(
    'month',
    1,
    '2028-01-31T12:00:00.000Z',
    '2028-06-01T00:00:00Z',
    ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31'],
    '2028-06-30',
  );
});

test('yearly from Feb 29: Feb 28 in common years, Feb 29 again in the next leap year', async () => {
  await renewals(
    'year',
    1,
    '2024-02-29T08:30:00.000Z',
    '2028-03-01T00:00:00Z',
    ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'],
    '2029-02-28',
  );
});

test('every 3 months from Nov 30: Feb 29 in a leap year, then the 30th again', async () => {
  await renewals(
    'month',
    3,
    '2027-11-30T23:15:00.000Z',
    '2028-12-01T00:00:00Z',
    ['2027-11-30', '2028-02-29', '2028-05-30', '2028-08-30', '2028-11-30'],
    '2029-02-28',
  );
});

test('every 4 weeks from Jan 31: 28 days each, whatever the month', async () => {
  await renewals(
    'week',
    4,
    '2028-01-31T06:00:00.000Z',
    '2028-05-23T00:00:00Z',
    ['2028-01-31', '2028-02-28', '2028-03-27', '2028-04-24', '2028-05-22'],
    '2028-06-19',
  );
});

test('every 10 days from Feb 20 of a leap year: across Feb 29 and month ends', async () => {
  await renewals(
    'day',
    10,
    '2028-02-20T18:45:00.000Z',
    '2028-04-01T00:00:00Z',
    ['2028-02-20', '2028-03-01', '2028-03-11', '2028-03-21', '2028-03-31'],
    '2028-04-10',
  );
});
