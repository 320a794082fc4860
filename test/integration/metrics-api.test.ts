// The metrics API through the published 1.x client: facts recorded as subscriptions start, change plan and renew on
// a test clock and a one-time order is paid and refunded; MRR and its movements, revenue net of refunds and tax,
// CSV export, limits, dashboards CRUD, and refusals of bad queries.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { polarClient } from '../support/polar-sdk';
import { advance, ordersOf, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

let h: TestHarness;
let call: Call;
let polar: any;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  const org = await h.organization(
    [...SUBSCRIPTION_SCOPES, 'metrics:read', 'metrics:write', 'refunds:write', 'refunds:read'],
    'sandbox',
  );
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  polar = polarClient('2026-10', { accessToken: org.token, baseUrl: h.url.sandbox });
}, 60_000);
afterAll(() => h?.close());

const year = { start_date: '2027-01-01', end_date: '2027-12-31', interval: 'month' as const };

test('MRR moves with a new subscription, a plan change and a cancellation; revenue is net of refunds and tax', async () => {
  const monthly = await subscribe(h, call, { price: 1000, interval: 'month', start: '2027-01-10T12:00:00Z' });
  const yearly = await subscribe(h, call, { price: 24000, interval: 'year', start: '2027-02-03T12:00:00Z' });

  await advance(call, monthly.clockId, '2027-02-12T12:00:00Z');
  const upgrade = await call('PATCH', `/v1/subscriptions/${monthly.subscription.id}`, {
    product_id: (
      await call('POST', '/v1/products/', {
        name: 'Plan 3000',
        recurring_interval: 'month',
        prices: [{ amount_type: 'fixed', price_amount: 3000 }],
      })
    ).body.id,
    proration_behavior: 'next_period',
  });
  expect(upgrade.status).toBe(200);
  const cancel = await call('PATCH', `/v1/subscriptions/${yearly.subscription.id}`, {
    cancel_at_period_end: true,
    customer_cancellation_reason: 'too_expensive',
  });
  expect(cancel.status).toBe(200);
  await advance(call, monthly.clockId, '2027-03-12T12:00:00Z');

  const orders = await ordersOf(call, monthly.subscription.customer_id);
  const paid = orders.filter((o) => o.paid);
  const refund = await call('POST', '/v1/refunds/', { order_id: paid[0].id, reason: 'customer_request', amount: 400 });
  expect(refund.status).toBe(201);

  const metrics = await eventually(async () => {
    const answer = await polar.metrics.get(year);
    return answer.periods[2].refunds > 0 ? answer : undefined;
  });
  expect(metrics.currency).toBe('usd');
  expect(metrics.periods).toHaveLength(12);
  const [jan, feb, mar] = metrics.periods;
  expect(jan).toMatchObject({ timestamp: '2027-01-01T00:00:00.000Z', monthly_recurring_revenue: 1000, new_mrr: 1000 });
  expect(feb).toMatchObject({ monthly_recurring_revenue: 3000, new_mrr: 2000, active_subscriptions: 2 });
  // The yearly one asked to cancel in February; the monthly plan moved to 3,000 at its renewal on March 10.
  expect(feb.canceled_subscriptions).toBe(1);
  expect(feb.canceled_subscriptions_too_expensive).toBe(1);
  expect(mar).toMatchObject({ monthly_recurring_revenue: 5000, expansion_mrr: 2000, churned_mrr: 0 });

  const janOrders = paid.filter((o) => o.created_at < '2027-02-01');
  expect(jan.orders).toBe(janOrders.length);
  expect(jan.revenue).toBe(janOrders.reduce((sum: number, o: any) => sum + o.total_amount, 0));
  expect(jan.net_revenue).toBe(janOrders.reduce((sum: number, o: any) => sum + o.net_amount, 0));
  // The refund happened on the customer's clock: in March.
  expect(mar.refunds).toBe(refund.body.amount + refund.body.tax_amount);
  expect(mar.revenue_net_of_refunds).toBe(mar.revenue - mar.refunds);
  expect(metrics.totals.monthly_recurring_revenue).toBe(metrics.periods[11].monthly_recurring_revenue);
  expect(metrics.totals.orders).toBe(metrics.periods.reduce((sum: number, p: any) => sum + p.orders, 0));
  expect(metrics.metrics.monthly_recurring_revenue).toEqual({
    slug: 'monthly_recurring_revenue',
    display_name: 'Monthly Recurring Revenue',
    type: 'currency',
  });
  expect(Object.keys(metrics.currencies)).toEqual(['usd']);

  // The yearly subscription's product alone: its MRR, not the monthly one's.
  const one = await polar.metrics.get({
    ...year,
    product_id: yearly.productId,
    metrics: ['monthly_recurring_revenue'],
  });
  expect(one.periods[1]).toEqual({ timestamp: '2027-02-01T00:00:00.000Z', monthly_recurring_revenue: 2000 });
  expect(Object.keys(one.metrics)).toEqual(['monthly_recurring_revenue']);

  // Only one-time purchases (there were none), or one customer's facts.
  const oneTime = await polar.metrics.get({ ...year, billing_type: 'one_time', metrics: ['orders', 'new_mrr'] });
  expect(oneTime.totals).toEqual({ orders: 0, new_mrr: 0 });
  const customer = await polar.metrics.get({ ...year, customer_id: yearly.subscription.customer_id });
  expect(customer.periods[1]).toMatchObject({ monthly_recurring_revenue: 2000, active_subscriptions: 1, orders: 1 });

  const csv: string = await polar.metrics.export({ ...year, metrics: ['orders', 'monthly_recurring_revenue'] });
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('timestamp,orders,monthly_recurring_revenue');
  expect(lines[1]).toBe(`2027-01-01T00:00:00.000Z,${jan.orders},1000`);
  expect(lines).toHaveLength(13);
}, 120_000);

test('limits, dashboards CRUD, and refusals of bad queries', async () => {
  const limits = await polar.metrics.limits();
  expect(limits.intervals.day).toEqual({ min_days: 0, max_days: 366 });
  expect(limits.min_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const created = await polar.metrics.createDashboard({
    name: 'Growth',
    metrics: ['monthly_recurring_revenue', 'new_mrr'],
  });
  expect(created).toMatchObject({
    name: 'Growth',
    metrics: ['monthly_recurring_revenue', 'new_mrr'],
    modified_at: null,
  });
  expect(await polar.metrics.listDashboards()).toEqual([created]);
  const updated = await polar.metrics.updateDashboard(created.id, { name: 'Growth 2027' });
  expect(updated).toMatchObject({ name: 'Growth 2027', metrics: created.metrics });
  expect(await polar.metrics.getDashboard(created.id)).toEqual(updated);
  await polar.metrics.deleteDashboard(created.id);
  expect(await polar.metrics.listDashboards()).toEqual([]);
  expect((await call('GET', `/v1/metrics/dashboards/${created.id}`)).status).toBe(404);
  const unknown = await call('POST', '/v1/metrics/dashboards', { name: 'x', metrics: ['mrr'] });
  expect(unknown.status).toBe(422);
  expect(unknown.body.detail[0].loc).toEqual(['body', 'metrics']);

  const refused = async (query: string, loc: string) => {
    const answer = await call('GET', `/v1/metrics/?${query}`);
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(['query', loc]);
  };
  await refused('start_date=2027-01-01&end_date=2027-02-01&interval=month&timezone=Mars/Olympus', 'timezone');
  await refused('start_date=2027-02-01&end_date=2027-01-01&interval=month', 'end_date');
  await refused('start_date=2027-01-01&end_date=2027-03-01&interval=hour', 'end_date');
  await refused('start_date=2027-01-01&end_date=2027-03-01&interval=month&metrics=mrr', 'metrics');
  await refused('start_date=2027-13-01&end_date=2027-03-01&interval=month', 'start_date');
});
