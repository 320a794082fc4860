// The metrics book's independent calculation (test/support/metrics-calculator.ts) against hand-computed figures, so
// that the integration test compares the API with something known to be right.
import { calculate, mrrOf, type Facts, type SubscriptionState } from '../support/metrics-calculator';
import { localMidnight, monthsOf } from '../support/metrics-calendar';

const t = (iso: string) => Date.parse(iso);
const state = (at: string, status: string, amount: number, more: Partial<SubscriptionState> = {}) => ({
  id: 's1',
  productId: 'basic',
  customerId: 'c1',
  at: t(at),
  currency: 'usd',
  status,
  amount,
  interval: 'month' as const,
  count: 1,
  cancelAtPeriodEnd: false,
  reason: null,
  ...more,
});

test.each([
  ['month', 1, 1000, 1000],
  ['month', 3, 1000, 333],
  ['year', 1, 10000, 833], // 833.33
  ['year', 1, 9006, 751], // 750.5 rounds up
  ['week', 1, 1000, 4333], // 1000 × 52 / 12 = 4333.33
  ['day', 1, 100, 3042], // 100 × 365 / 12 = 3041.67
] as const)('MRR of %s ×%i at %i is %i', (interval, count, amount, mrr) => {
  expect(mrrOf(state('2025-01-01T00:00:00Z', 'active', amount, { interval, count }))).toBe(mrr);
  expect(mrrOf(state('2025-01-01T00:00:00Z', 'past_due', amount, { interval, count }))).toBe(mrr);
  for (const status of ['trialing', 'paused', 'canceled', 'incomplete'])
    expect(mrrOf(state('2025-01-01T00:00:00Z', status, amount, { interval, count }))).toBe(0);
});

test('month starts in a time zone follow its daylight saving time', () => {
  expect(new Date(localMidnight('America/New_York', 2025, 4, 1)).toISOString()).toBe('2025-04-01T04:00:00.000Z');
  expect(new Date(localMidnight('America/New_York', 2025, 12, 1)).toISOString()).toBe('2025-12-01T05:00:00.000Z');
  expect(
    monthsOf('Asia/Tokyo', '2025-01-15', '2025-02-03').map((m) => [m.key, new Date(m.start).toISOString()]),
  ).toEqual([
    ['2025-01', '2024-12-31T15:00:00.000Z'],
    ['2025-02', '2025-01-31T15:00:00.000Z'],
  ]);
});

const pro = { productId: 'pro' };
// One USD subscription: trial in January, converted, upgraded, paused, resumed, canceled; one EUR order.
const facts: Facts = {
  orders: [
    {
      id: 'o1',
      productId: 'basic',
      customerId: 'c1',
      at: t('2025-02-05T00:00:00Z'),
      currency: 'usd',
      billingReason: 'subscription_create',
      total: 1200,
      net: 1000,
      tax: 200,
    },
    {
      id: 'o2',
      productId: 'course',
      customerId: 'c2',
      at: t('2025-01-31T23:30:00Z'),
      currency: 'eur',
      billingReason: 'purchase',
      total: 900,
      net: 750,
      tax: 150,
    },
  ],
  refunds: [
    {
      id: 'r1',
      productId: null,
      customerId: 'c1',
      at: t('2025-02-10T00:00:00Z'),
      currency: 'usd',
      orderId: 'o1',
      amount: 500,
      tax: 100,
    },
  ],
  checkouts: [
    { id: 'c1', productId: 'basic', customerId: 'c1', at: t('2025-01-22T00:00:00Z'), currency: 'usd', succeeded: true },
    {
      id: 'c2',
      productId: 'basic',
      customerId: 'c1',
      at: t('2025-01-23T00:00:00Z'),
      currency: 'eur',
      succeeded: false,
    },
  ],
  states: new Map([
    [
      's1',
      [
        state('2025-01-22T00:00:00Z', 'trialing', 1000),
        state('2025-02-05T00:00:00Z', 'active', 1000),
        state('2025-02-20T00:00:00Z', 'active', 3000, pro),
        state('2025-03-10T00:00:00Z', 'paused', 3000, pro),
        state('2025-04-10T00:00:00Z', 'active', 3000, pro),
        state('2025-04-12T00:00:00Z', 'active', 3000, { ...pro, cancelAtPeriodEnd: true, reason: 'too_expensive' }),
        state('2025-05-10T00:00:00Z', 'canceled', 3000, { ...pro, cancelAtPeriodEnd: true, reason: 'too_expensive' }),
      ],
    ],
  ]),
};

test('every metric by month from hand-computed facts, counts over every currency', () => {
  const { periods, totals } = calculate(facts, {
    start: '2025-01-01',
    end: '2025-05-31',
    timezone: 'UTC',
    currency: 'usd',
    countsInAllCurrencies: true,
  });
  const pick = (keys: string[]) => periods.map((p) => keys.map((k) => p[k]));
  expect(pick(['orders', 'revenue', 'refunds', 'taxes', 'net_revenue', 'average_order_value'])).toEqual([
    [1, 0, 0, 0, 0, 0], // the EUR purchase counts, its amount does not
    [1, 1200, 600, 100, 500, 1200],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
  ]);
  expect(pick(['new_subscriptions_net_revenue', 'one_time_products', 'checkouts', 'checkouts_conversion'])[0]).toEqual([
    0, 1, 2, 0.5,
  ]);
  expect(pick(['monthly_recurring_revenue', 'trial_monthly_recurring_revenue', 'active_subscriptions'])).toEqual([
    [0, 1000, 0],
    [3000, 0, 1],
    [0, 0, 0],
    [3000, 0, 1],
    [0, 0, 0],
  ]);
  expect(pick(['new_mrr', 'expansion_mrr', 'churned_mrr', 'reactivated_mrr', 'net_new_mrr'])).toEqual([
    [0, 0, 0, 0, 0],
    [1000, 2000, 0, 0, 3000],
    [0, 0, 3000, 0, -3000],
    [0, 0, 0, 3000, 3000],
    [0, 0, 3000, 0, -3000],
  ]);
  expect(
    pick(['trial_conversions', 'ended_trials', 'canceled_subscriptions_too_expensive', 'churned_subscriptions']),
  ).toEqual([
    [0, 0, 0, 0],
    [1, 1, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 1, 0],
    [0, 0, 0, 1],
  ]);
  expect(periods[4].churn_rate).toBe(1); // 1 churned of 1 active at May's start
  expect(totals).toMatchObject({
    revenue: 1200,
    net_cumulative_revenue: 500,
    monthly_recurring_revenue: 0,
    churn_rate: 0,
  });
});

test('in Tokyo the purchase at 23:30 UTC on Jan 31 is February’s; currencies[eur] counts only EUR', () => {
  const { periods } = calculate(facts, {
    start: '2025-01-01',
    end: '2025-02-28',
    timezone: 'Asia/Tokyo',
    currency: 'eur',
    countsInAllCurrencies: false,
  });
  expect(periods.map((p) => [p.orders, p.revenue, p.checkouts, p.succeeded_checkouts])).toEqual([
    [0, 0, 1, 0],
    [1, 900, 0, 0],
  ]);
});

test('a product filter sees a plan change move MRR out of one product into the other', () => {
  const query = {
    start: '2025-02-01',
    end: '2025-02-28',
    timezone: 'UTC',
    currency: 'usd',
    countsInAllCurrencies: true,
  };
  const only = (productId: string) =>
    calculate(facts, { ...query, filter: (fact) => fact.productId === productId }).periods[0];
  expect(only('basic')).toMatchObject({
    new_mrr: 1000,
    churned_mrr: 1000,
    monthly_recurring_revenue: 0,
    revenue: 1200,
  });
  expect(only('basic').active_subscriptions).toBe(0);
  // The subscription had MRR before (on Basic): its move into Pro is a reactivation of Pro's MRR, not new.
  expect(only('pro')).toMatchObject({ new_mrr: 0, reactivated_mrr: 3000, monthly_recurring_revenue: 3000, revenue: 0 });
  expect(only('pro')).toMatchObject({ refunds: 0, active_subscriptions: 1, new_subscriptions: 0 });
});
