// The metrics' pure rules, hand-computed: a recurring amount per month, which events are facts and what they hold,
// each metric's value from a period's facts, and periods carried one into the next.
import { monthlyAmount } from '../../src/kernel/money';
import { factOf } from '../../src/domains/metric/metric-fact.logic';
import { METRICS, perUnit, rate } from '../../src/domains/metric/metric-definitions.logic';
import { emptyFacts, followedBy, together, type PeriodFacts } from '../../src/domains/metric/period-facts.logic';
import { collectPeriods } from '../../src/domains/metric/collect-periods.logic';

test.each([
  [1000, 'month', 1, 1000],
  [3000, 'month', 3, 1000],
  [12000, 'year', 1, 1000],
  [9999, 'year', 1, 833], // 833.25
  [10002, 'year', 1, 834], // 833.5 → half-up
  [24000, 'year', 2, 1000],
  [1000, 'week', 1, 4333], // × 52 ÷ 12 = 4333.33
  [1500, 'week', 2, 3250], // × 52 ÷ 24
  [100, 'day', 1, 3042], // × 365 ÷ 12 = 3041.67
  [0, 'month', 1, 0],
] as const)('%i per %i... %s × %i is %i a month', (amount, interval, count, monthly) => {
  expect(monthlyAmount(amount, interval, count)).toBe(monthly);
});

const subscription = (fields: Record<string, unknown>) => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  currency: 'eur',
  customer_id: 'c',
  product_id: 'p',
  amount: 2400,
  recurring_interval: 'month',
  recurring_interval_count: 1,
  created_at: '2027-01-01T00:00:00.000Z',
  modified_at: null,
  cancel_at_period_end: false,
  customer_cancellation_reason: null,
  ...fields,
});

test.each([
  ['active', 2400, 0],
  ['past_due', 2400, 0],
  ['trialing', 0, 2400],
  ['paused', 0, 0],
  ['canceled', 0, 0],
  ['incomplete', 0, 0],
])('a %s subscription is %i of MRR and %i of trial MRR', (status, mrr, trialMrr) => {
  expect(factOf('subscription.updated', subscription({ status }))).toMatchObject({
    kind: 'subscription',
    mrr,
    trialMrr,
  });
});

test('facts: times are the payload’s (modified, else created), orders once paid, refunds once succeeded', () => {
  const order = {
    id: 'o',
    currency: 'usd',
    customer_id: 'c',
    product_id: 'p',
    subscription_id: null,
    billing_reason: 'purchase',
    net_amount: 1000,
    tax_amount: 190,
    created_at: '2027-01-31T23:30:00.000Z',
    modified_at: '2027-02-01T00:10:00.000Z',
  };
  expect(factOf('order.created', order)).toBeNull();
  expect(factOf('order.updated', order)).toBeNull();
  expect(factOf('order.paid', order)).toMatchObject({
    kind: 'order',
    at: new Date('2027-02-01T00:10:00.000Z'),
    amount: 1000,
    tax: 190,
    recurring: false,
    billingReason: 'purchase',
  });
  const refund = {
    id: 'r',
    order_id: 'o',
    currency: 'usd',
    amount: 500,
    tax_amount: 95,
    created_at: '2027-03-01T00:00:00Z',
  };
  expect(factOf('refund.created', { ...refund, status: 'pending' })).toBeNull();
  expect(factOf('refund.updated', { ...refund, status: 'pending' })).toBeNull();
  expect(factOf('refund.updated', { ...refund, status: 'succeeded' })).toMatchObject({
    kind: 'refund',
    orderId: 'o',
    amount: 500,
    tax: 95,
  });
  expect(factOf('subscription.canceled', subscription({ status: 'active', cancel_at_period_end: true }))).toMatchObject(
    {
      cancelRequested: true,
      at: new Date('2027-01-01T00:00:00.000Z'),
    },
  );
  expect(factOf('checkout.updated', { id: 'k', currency: 'usd', status: 'confirmed' })).toBeNull();
  expect(factOf('customer.updated', { id: 'x' })).toBeNull();
});

test('rates to 4 decimals and amounts per unit half-up; nothing to divide by is 0', () => {
  expect(rate(1, 3)).toBe(0.3333);
  expect(rate(2, 3)).toBe(0.6667);
  expect(rate(5, 0)).toBe(0);
  expect(perUnit(1000, 3)).toBe(333);
  expect(perUnit(1001, 2)).toBe(501);
  expect(perUnit(-1001, 2)).toBe(-501);
  expect(perUnit(1000, 0)).toBe(0);
});

const value = (slug: string, own: PeriodFacts, all = own) => METRICS.find((m) => m.slug === slug)!.value(own, all);

test('each metric from a hand-made period', () => {
  const f: PeriodFacts = {
    ...emptyFacts(),
    orders: 4,
    revenue: 11900, // 10,000 net + 1,900 tax
    orderTax: 1900,
    refunded: 2000,
    refundedTax: 380,
    revenueBefore: 5000,
    netRevenueBefore: 4000,
    checkouts: 8,
    succeededCheckouts: 3,
    mrrStart: 10000,
    mrrEnd: 12500,
    trialMrrEnd: 700,
    activeStart: 20,
    activeEnd: 21,
    newMrr: 3000,
    reactivatedMrr: 500,
    expansionMrr: 1500,
    contractionMrr: 400,
    churnedMrr: 2100,
    churnedSubscriptions: 2,
    trialConversions: 3,
    endedTrials: 4,
    activeUsers: 3,
    costs: 250.5,
    costsBefore: 50,
    committedMrrEnd: 11000,
  };
  f.canceled.too_expensive = 2;
  f.canceled.other = 1;
  f.byReason.purchase = { orders: 1, revenue: 5950, net: 5000, refunded: 2000 };
  const expected: Record<string, number> = {
    orders: 4,
    revenue: 11900,
    refunds: 2380,
    taxes: 1520,
    revenue_net_of_refunds: 9520,
    net_revenue: 8000, // 10,000 net − 2,000 refunded
    cumulative_revenue: 16900,
    net_cumulative_revenue: 12000,
    average_order_value: 2975,
    net_average_order_value: 2000,
    one_time_products: 1,
    one_time_products_revenue: 5950,
    one_time_products_net_revenue: 3000,
    monthly_recurring_revenue: 12500,
    annual_recurring_revenue: 150000,
    trial_monthly_recurring_revenue: 700,
    net_new_mrr: 2500, // = 12,500 − 10,000
    average_revenue_per_user: 595, // 12,500 ÷ 21 = 595.24
    canceled_subscriptions: 3,
    canceled_subscriptions_too_expensive: 2,
    churn_rate: 0.1,
    trial_conversion_rate: 0.75,
    checkouts_conversion: 0.375,
    costs: 250.5,
    cumulative_costs: 300.5,
    cost_per_user: 83.5, // 250.5 ÷ 3
    active_user_by_event: 3,
    gross_margin: 7749.5, // 8,000 net − 250.5
    gross_margin_percentage: 0.9687, // 7,749.5 ÷ 8,000 = 0.96869
    cashflow: 9269.5, // 11,900 − 2,380 − 250.5
    committed_monthly_recurring_revenue: 11000,
  };
  for (const [slug, v] of Object.entries(expected)) expect([slug, value(slug, f)]).toEqual([slug, v]);
  // Counts come from every currency, amounts and their ratios from the asked one.
  const all = together(f, { ...emptyFacts(), orders: 6, activeEnd: 9, activeStart: 10, churnedSubscriptions: 1 });
  expect([value('orders', f, all), value('average_order_value', f, all)]).toEqual([10, 2975]);
  expect([value('active_subscriptions', f, all), value('churn_rate', f, all)]).toEqual([30, 0.1]);
});

test('periods: stocks carried from the facts before the range, flows summed, revenue accumulated', () => {
  const reason = (revenue: number) => ({ orders: 0, revenue, net: 0, refunded: 0 });
  const byReason = { purchase: reason(0), subscription_create: reason(0), subscription_cycle: reason(0) };
  const none = {
    customer_service: 0,
    low_quality: 0,
    missing_features: 0,
    switched_service: 0,
    too_complex: 0,
    too_expensive: 0,
    unused: 0,
    other: 0,
  };
  const sub = (bucket: string | null, mrr: number, active: number) => ({
    bucket,
    currency: 'usd',
    mrr,
    committedMrr: mrr,
    trialMrr: 0,
    active,
    trialing: 0,
    paused: 0,
    newMrr: Math.max(mrr, 0),
    reactivatedMrr: 0,
    expansionMrr: 0,
    contractionMrr: 0,
    churnedMrr: Math.max(-mrr, 0),
    newSubscriptions: 0,
    canceled: none,
    churnedSubscriptions: 0,
    trialConversions: 0,
    endedTrials: 0,
  });
  const order = (bucket: string, revenue: number) => ({
    bucket,
    currency: 'usd',
    orders: 1,
    revenue,
    orderTax: 0,
    refunded: 0,
    refundedTax: 0,
    byReason,
  });
  const periods = collectPeriods(['2027-01', '2027-02', '2027-03'], {
    orders: [order('2027-01', 1000), order('2027-03', 500)],
    checkouts: [],
    subscriptions: [sub(null, 5000, 5), sub('2027-02', -1000, -1), sub('2027-03', 2000, 1)],
    events: [{ bucket: '2027-02', customers: 3, costs: 12.5 }],
  });
  expect(periods.map((p) => [p.mrrStart, p.mrrEnd, p.activeStart, p.activeEnd])).toEqual([
    [5000, 5000, 5, 5],
    [5000, 4000, 5, 4],
    [4000, 6000, 4, 5],
  ]);
  expect(periods.map((p) => value('cumulative_revenue', p))).toEqual([1000, 1000, 1500]);
  const whole = periods.reduce(followedBy);
  expect([whole.mrrStart, whole.mrrEnd, whole.revenue, whole.churnedMrr, whole.newMrr]).toEqual([
    5000, 6000, 1500, 1000, 2000,
  ]);
  expect(value('cumulative_revenue', whole)).toBe(1500);
  expect(periods.map((p) => [p.activeUsers, value('cumulative_costs', p)])).toEqual([
    [0, 0],
    [3, 12.5],
    [0, 12.5],
  ]);
  expect(periods.map((p) => p.committedMrrEnd)).toEqual([5000, 4000, 6000]);
});
