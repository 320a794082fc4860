// A customer's billing timeline through the HTTP API: a year on a test clock (a purchase, an upgrade with its preview,
// a declined renewal and its retry, a pause and resume, a refund) read back as the sequence of facts with their
// causes, the workflow steps and webhook deliveries the organization sees, the next step read from the flow, and the
// portal's view of the same.
import { timelineBackfill } from '../../src/domains/timeline/migrations/Migration20261204000000_timeline';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { advance, setCardOutcome, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

jest.setTimeout(240_000);

let h: TestHarness;
let receiver: Receiver;
let call: Call;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
  const org = await h.organization(
    [...SUBSCRIPTION_SCOPES, 'benefits:write', 'refunds:write', 'refunds:read', 'customer_sessions:write'],
    'sandbox',
  );
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['order.paid', 'subscription.updated', 'refund.updated'],
  });
  expect(endpoint.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

const timeline = async (customerId: string, query = 'limit=100&sorting=at') =>
  (await call('GET', `/v1/customers/${customerId}/timeline?${query}`)).body;
const line = (e: any) => `${e.at.slice(0, 16)} ${e.type} [${e.cause.type}: ${e.cause.name}] ${e.summary}`;

test('a year of one customer: every billing fact in order with its cause', async () => {
  const pro = await call('POST', '/v1/products/', {
    name: 'Pro',
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: 3000 }],
  });
  const { subscription, clockId } = await subscribe(h, call, { price: 1000, start: '2027-01-10T12:00:00Z' });
  const customerId = subscription.customer_id;

  await advance(call, clockId, '2027-02-15T12:00:00Z');
  const change = { product_id: pro.body.id, proration_behavior: 'invoice' };
  expect((await call('POST', `/v1/subscriptions/${subscription.id}/preview`, change)).status).toBe(200);
  expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, change)).status).toBe(200);

  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  await advance(call, clockId, '2027-03-10T12:00:00Z');
  await setCardOutcome(h, subscription.id, null);
  await advance(call, clockId, '2027-03-13T12:00:00Z');

  // A pause at the period's end (April 10), resumed on June 1 by the merchant; then a refund of the upgrade's charge.
  expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, { pause_at_period_end: true })).status).toBe(200);
  await advance(call, clockId, '2027-06-01T12:00:00Z');
  expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, { resume: true })).status).toBe(200);
  const upgrade = (await call('GET', `/v1/orders/?customer_id=${customerId}&limit=100`)).body.items.find(
    (o: any) => o.billing_reason === 'subscription_update',
  );
  const refund = await call('POST', '/v1/refunds/', { order_id: upgrade.id, reason: 'customer_request', amount: 500 });
  expect(refund.status).toBe(201);
  await eventually(async () => (await timeline(customerId, 'type=refund.succeeded')).items.length === 1);
  await advance(call, clockId, '2028-01-01T12:00:00Z'); // a renewal each month to the year's end

  const all = await timeline(customerId);
  expect(all.items.map(line)).toEqual(YEAR);
  expect(all.pagination).toEqual({ total_count: YEAR.length, max_page: 1 });
  const entry = (type: string, at: string) => all.items.find((e: any) => e.type === type && e.at.startsWith(at));

  // Causes for operators: the API request's id, the workflow step with its page in the Temporal Web UI.
  const previewed = entry('subscription.change_previewed', '2027-02-15');
  expect(previewed.cause.request_id).toEqual(expect.any(String));
  expect(previewed.workflow).toBeNull();
  const renewal = entry('order.created', '2027-07-01');
  expect(renewal.workflow).toMatchObject({
    id: `subscription:${subscription.id}`,
    activity: 'renewAndChargeSubscription',
    url: expect.stringMatching(
      new RegExp(
        `^http://localhost:\\d+/namespaces/[\\w-]+/workflows/subscription%3A${subscription.id}/[\\w-]+/history$`,
      ),
    ),
  });
  // The plan change names the preview that preceded it, and its order shows the proration lines.
  const changed = entry('subscription.plan_changed', '2027-02-15');
  expect(changed.details.preview).toMatchObject({ entry_id: previewed.id, amount_due_now: previewed.amount });
  const invoiced = entry('order.paid', '2027-02-15');
  expect(invoiced.amount).toBe(previewed.amount);
  expect(invoiced.details.prorations).toBeGreaterThan(0);
  expect(invoiced.details.lines.filter((l: any) => l.proration)).toHaveLength(invoiced.details.prorations);
  // Dunning: the decline's reason, and when the retry was due.
  expect(entry('payment.failed', '2027-03-10').details).toMatchObject({ decline_reason: 'insufficient_funds' });
  expect(entry('payment.retry_scheduled', '2027-03-10').details).toEqual({
    next_attempt_at: '2027-03-12T12:00:00.000Z',
  });
  // The webhooks of the events the endpoint subscribes to, delivered.
  await eventually(async () => {
    const paid = (await timeline(customerId, 'type=order.paid&limit=100')).items;
    return paid.every((e: any) => e.deliveries.length === 1 && e.deliveries[0].status === 'succeeded');
  });
  expect(entry('subscription.renewed', '2027-07-01').deliveries).toEqual([]); // not subscribed

  // The next step, as the subscription's flow reports it (once the run the clock's advance continued is answering).
  const { upcoming } = await eventually(async () => {
    const answer = await timeline(customerId);
    return answer.upcoming.length ? answer : undefined;
  });
  expect(upcoming).toEqual([
    {
      subscription_id: subscription.id,
      action: 'renew',
      at: '2028-02-01T12:00:00.000Z',
      workflow_id: `subscription:${subscription.id}`,
    },
  ]);

  // Newest first by default, by pages; filtered by type; the same by external id.
  const page = await timeline(customerId, 'limit=5&page=2');
  expect(page.items.map(line)).toEqual([...YEAR].reverse().slice(5, 10));
  expect(page.pagination).toEqual({ total_count: YEAR.length, max_page: Math.ceil(YEAR.length / 5) });
  expect(page.upcoming).toEqual([]); // the first page's
  const failed = await timeline(customerId, 'type=payment.failed&type=payment.retry_scheduled');
  expect(failed.items.map((e: any) => e.type)).toEqual(['payment.retry_scheduled', 'payment.failed']);
  await call('PATCH', `/v1/customers/${customerId}`, { external_id: `ext-${customerId}` });
  const external = await call('GET', `/v1/customers/external/ext-${customerId}/timeline?limit=100&sorting=at`);
  expect(external.body.items.map(line)).toEqual(YEAR);

  // The customer's own view in the portal: the same facts and causes, without the merchant's plumbing.
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: customerId });
  const portal = await h.request('GET', '/v1/customer-portal/timeline?limit=100&sorting=at', {
    environment: 'sandbox',
    token: session.body.token,
  });
  expect(portal.status).toBe(200);
  // Who asked, rather than the merchant's routes and the flow's steps.
  const asTheCustomerReadsIt = (text: string) =>
    text
      .replace(/\[command: [A-Z]+ \/v1\/[^\]]*\]/, '[command: the merchant]')
      .replace(/\[workflow: \w+\]/, '[workflow: billing]');
  expect(portal.body.items.map(line)).toEqual(YEAR.map(asTheCustomerReadsIt));
  expect(portal.body.items.map(line)).toContain(
    '2027-06-01T12:00 refund.created [command: the merchant] Refund requested: USD 5.95 (customer_request)',
  );
  expect(portal.body.items.every((e: any) => e.cause.request_id === null && !('charge_id' in e.details))).toBe(true);
  expect(portal.body.items[0]).not.toHaveProperty('workflow');
  expect(portal.body.items[0]).not.toHaveProperty('deliveries');
  expect(portal.body.upcoming).toEqual([
    { subscription_id: subscription.id, action: 'renew', at: '2028-02-01T12:00:00.000Z' },
  ]);
});

test('the migration backfills: what happened before the timeline, from the rows that record it', async () => {
  const { subscription } = await subscribe(h, call, { price: 1000, start: '2027-01-10T12:00:00Z' });
  const customerId = subscription.customer_id;
  await eventually(async () => (await timeline(customerId, 'type=order.paid')).items.length === 1);
  const em = h.env.sandbox.orm.em.fork();
  await em.execute('delete from timeline_entry where customer_id = ?', [customerId]);
  for (const statement of timelineBackfill()) await em.execute(statement);
  const backfilled = (await timeline(customerId)).items;
  expect(backfilled.map((e: any) => e.type).sort()).toEqual([
    'order.paid',
    'payment.succeeded',
    'subscription.created',
  ]);
  expect(backfilled.every((e: any) => e.cause.type === 'backfill')).toBe(true);
  const paid = backfilled.find((e: any) => e.type === 'order.paid');
  expect(paid).toMatchObject({ at: '2027-01-10T12:00:00.000Z', amount: 1000, summary: 'Order paid: Plan 1000' });
  // Run again (a migration retried): nothing twice.
  for (const statement of timelineBackfill()) await em.execute(statement);
  expect((await timeline(customerId)).pagination.total_count).toBe(3);
});

test('refusals: an unknown customer is 404, a customer of another organization too, a bad filter 422', async () => {
  expect((await call('GET', '/v1/customers/00000000-0000-4000-8000-000000000000/timeline')).status).toBe(404);
  expect((await call('GET', '/v1/customers/external/nobody/timeline')).status).toBe(404);
  const other = await h.organization(['customers:write', 'customers:read'], 'sandbox');
  const stranger = await h.request('POST', '/v1/customers/', {
    token: other.token,
    environment: 'sandbox',
    json: { email: 'stranger@example.com' },
  });
  expect((await call('GET', `/v1/customers/${stranger.body.id}/timeline`)).status).toBe(404);
  const bad = await call('GET', `/v1/customers/${stranger.body.id}/timeline?type=order.exploded`);
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0].loc).toEqual(['query', 'type', 0]);
  expect((await h.request('GET', '/v1/customer-portal/timeline', { environment: 'sandbox' })).status).toBe(401);
});

/** The year, as `line` prints each entry: its time, its type, its cause and its summary. */
const YEAR = [
  '2027-01-10T12:00 subscription.created [command: checkout confirmed] Subscribed to Plan 1000',
  '2027-01-10T12:00 order.created [command: checkout confirmed] Order created: Plan 1000, USD 10.00 due',
  '2027-01-10T12:00 payment.succeeded [command: checkout confirmed] Charged USD 10.00',
  '2027-01-10T12:00 checkout.succeeded [command: checkout confirmed] Checkout completed',
  '2027-01-10T12:00 order.paid [command: checkout confirmed] Order paid: Plan 1000, USD 10.00',
  '2027-01-10T12:00 subscription.active [command: checkout confirmed] Subscription active',
  '2027-02-10T12:00 order.created [timer: renewal due] Order created: Plan 1000 — From 2027-02-10 to 2027-03-10, USD 10.00 due',
  '2027-02-10T12:00 subscription.renewed [timer: renewal due] Renewed for 2027-02-10 to 2027-03-10',
  '2027-02-10T12:00 payment.succeeded [timer: renewal due] Charged USD 10.00',
  '2027-02-10T12:00 order.paid [timer: renewal due] Order paid: Plan 1000 — From 2027-02-10 to 2027-03-10, USD 10.00',
  '2027-02-15T12:00 subscription.change_previewed [command: POST /v1/subscriptions/:id/preview] Previewed a plan change: USD 16.43 due now',
  '2027-02-15T12:00 order.created [command: subscription change] Order created: Pro — plan change, USD 16.43 due',
  '2027-02-15T12:00 order.paid [command: subscription change] Order paid: Pro — plan change, USD 16.43',
  '2027-02-15T12:00 payment.succeeded [command: subscription change] Charged USD 16.43',
  '2027-02-15T12:00 subscription.plan_changed [command: subscription change] Plan changed to Pro, USD 30.00 per month',
  '2027-03-10T12:00 order.created [timer: renewal due] Order created: Pro — From 2027-03-10 to 2027-04-10, USD 30.00 due',
  '2027-03-10T12:00 subscription.renewed [timer: renewal due] Renewed for 2027-03-10 to 2027-04-10',
  '2027-03-10T12:00 payment.failed [timer: renewal due] Payment of USD 30.00 declined: Declined: insufficient_funds',
  '2027-03-10T12:00 payment.retry_scheduled [timer: charge attempt due] Payment retry scheduled for 2027-03-12 12:00 UTC',
  '2027-03-10T12:00 subscription.past_due [timer: charge attempt due] Past due: the renewal payment failed',
  '2027-03-12T12:00 payment.succeeded [timer: payment retry due] Charged USD 30.00',
  '2027-03-12T12:00 order.paid [timer: charge attempt due] Order paid: Pro — From 2027-03-10 to 2027-04-10, USD 30.00',
  '2027-03-13T12:00 subscription.pause_scheduled [command: subscription pause] Set to pause on 2027-04-10',
  '2027-04-10T12:00 subscription.paused [timer: period end] Paused',
  '2027-06-01T12:00 subscription.resumed [command: subscription resume] Resumed',
  '2027-06-01T12:00 order.created [timer: renewal due] Order created: Pro — From 2027-06-01 to 2027-07-01, USD 30.00 due',
  '2027-06-01T12:00 subscription.renewed [timer: renewal due] Renewed for 2027-06-01 to 2027-07-01',
  '2027-06-01T12:00 payment.succeeded [timer: renewal due] Charged USD 30.00',
  '2027-06-01T12:00 order.paid [timer: renewal due] Order paid: Pro — From 2027-06-01 to 2027-07-01, USD 30.00',
  '2027-06-01T12:00 refund.created [command: POST /v1/refunds/] Refund requested: USD 5.95 (customer_request)',
  '2027-06-01T12:00 refund.succeeded [workflow: succeedRefund] Refunded: USD 5.95 (customer_request)',
  ...['2027-07', '2027-08', '2027-09', '2027-10', '2027-11', '2027-12', '2028-01'].flatMap((month, i, months) => {
    const [start, end] = [`${month}-01`, `${months[i + 1] ?? '2028-02'}-01`];
    const period = `Pro — From ${start} to ${end}`;
    return [
      `${start}T12:00 order.created [timer: renewal due] Order created: ${period}, USD 30.00 due`,
      `${start}T12:00 subscription.renewed [timer: renewal due] Renewed for ${start} to ${end}`,
      `${start}T12:00 payment.succeeded [timer: renewal due] Charged USD 30.00`,
      `${start}T12:00 order.paid [timer: renewal due] Order paid: ${period}, USD 30.00`,
    ];
  }),
];
