// The reconciliation of a real book built through the API on a test clock — a one-time purchase with a benefit, a
// subscription renewing twice with metered usage and meter credits, a refund with its credit note, webhook deliveries
// — green; then each fault injected with SQL (a billed event deleted, a charge without an order, a paid order's grant
// deleted, a subscription ended with its grant kept, a refund's credit note removed, a billed period's credits reset
// twice, a delivery lost) caught on its law, naming the injected rows; the range refused when bad;
// and the daily run sending reconciliation.failed to a webhook endpoint.
import { randomUUID } from 'node:crypto';
import { ensureSchedules } from '../../src/app/temporal';
import { SCHEDULES } from '../../temporal.config';
import { WORKFLOW_TYPES } from '../../workflows/definitions';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { advance, ordersOf, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
let call: Call;
let org: { id: string; token: string };
let receiver: Receiver;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
  org = await h.organization(
    [
      ...SUBSCRIPTION_SCOPES,
      'meters:read',
      'meters:write',
      'benefits:read',
      'benefits:write',
      'events:write',
      'refunds:read',
      'refunds:write',
      'customer_meters:read',
    ],
    'sandbox',
  );
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

const db = () => h.env.sandbox.orm.em.fork();
const RANGE = 'from=2026-11-01&to=2027-10-31';
const reconcile = async (query = RANGE) => call('GET', `/v1/reconciliation?${query}`);
const lawOf = (answer: any, name: string) => answer.laws.find((l: any) => l.law === name);

test('a clean book is green; each injected fault is red on its law, naming the injected rows', async () => {
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['order.created', 'order.paid', 'refund.created', 'refund.updated', 'reconciliation.failed'],
  });
  expect(endpoint.status).toBe(201);

  // A one-time purchase with a custom benefit.
  const support = await call('POST', '/v1/benefits/', {
    type: 'custom',
    description: 'Support',
    properties: { note: 'Write to us' },
  });
  expect(support.status).toBe(201);
  const book = await call('POST', '/v1/products/', {
    name: 'Book',
    prices: [{ amount_type: 'fixed', price_amount: 2500 }],
  });
  expect((await call('POST', `/v1/products/${book.body.id}/benefits`, { benefits: [support.body.id] })).status).toBe(
    200,
  );
  const order = await purchase(h, call, { products: [book.body.id], customer_billing_address: { country: 'DE' } });
  await eventually(async () => {
    const [grant] = await db().execute<{ granted_at: Date | null }[]>(
      'select granted_at from benefit_grant where order_id = ?',
      [order.id],
    );
    return grant?.granted_at;
  });

  // A monthly plan with metered calls (10 ¢ each) and 5 credits a month, renewing twice.
  const meter = await call('POST', '/v1/meters/', {
    name: 'Calls',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'call' }] },
    aggregation: { func: 'count' },
  });
  const credits = await call('POST', '/v1/benefits/', {
    type: 'meter_credit',
    description: 'Monthly calls',
    properties: { meter_id: meter.body.id, units: 5, rollover: false },
  });
  expect(credits.status).toBe(201);
  const plan = await call('POST', '/v1/products/', {
    name: 'Pro',
    recurring_interval: 'month',
    prices: [
      { amount_type: 'fixed', price_amount: 1000 },
      { amount_type: 'metered_unit', meter_id: meter.body.id, unit_amount: '10' },
    ],
  });
  expect((await call('POST', `/v1/products/${plan.body.id}/benefits`, { benefits: [credits.body.id] })).status).toBe(
    200,
  );
  const { clockId, subscription } = await subscribe(h, call, { product: plan.body.id, start: '2026-12-01T00:00:00Z' });
  const customerId = subscription.customer_id as string;
  const use = async (n: number) => {
    const events = Array.from({ length: n }, () => ({ name: 'call', customer_id: customerId }));
    expect((await call('POST', '/v1/events/ingest', { events })).body).toEqual({ inserted: n, duplicates: 0 });
  };
  await advance(call, clockId, '2026-12-10T00:00:00Z');
  await use(8);
  await advance(call, clockId, '2027-01-10T00:00:00Z');
  await use(2);
  await advance(call, clockId, '2027-02-10T00:00:00Z');
  const renewals = await eventually(async () => {
    const paid = (await ordersOf(call, customerId)).filter((o) => o.paid && o.billing_reason === 'subscription_cycle');
    return paid.length === 2 && paid;
  });

  // A partial refund, settled with its credit note.
  const refund = await call('POST', '/v1/refunds/', {
    order_id: order.id,
    reason: 'customer_request',
    amount: 500,
    revoke_benefits: false,
  });
  expect(refund.status).toBe(201);
  await eventually(async () => {
    const [row] = await db().execute<{ credit_note_number: string | null }[]>(
      `select credit_note_number from refund where id = ? and status = 'succeeded'`,
      [refund.body.id],
    );
    return row?.credit_note_number;
  });

  // Green, and every delivery out.
  const green = await eventually(async () => {
    const answer = await reconcile();
    expect(answer.status).toBe(200);
    const delivered = lawOf(answer.body, 'events').totals;
    // Green already while a delivery is pending (the law allows it); the totals below want them all out.
    const cycled = lawOf(answer.body, 'credits').totals.granted === 15; // the February renewal's credits are in
    return answer.body.ok && cycled && delivered.delivered === delivered.expected_deliveries && answer.body;
  }, 60_000);
  expect(green.laws.map((l: any) => l.law)).toEqual(['usage', 'credits', 'charges', 'refunds', 'benefits', 'events']);
  expect(lawOf(green, 'usage').totals).toEqual({ periods: 2, ingested: 10, rated: 10, invoiced: 10 });
  // December: 8 calls, 5 of them on credits, 3 expired-free; January: 2 calls on the new month's 5 credits.
  expect(lawOf(green, 'credits').totals).toMatchObject({ granted: 15, consumed: 7, remaining: 5 });
  const charges = lawOf(green, 'charges').totals;
  const paidTotal = order.total_amount + renewals.reduce((sum: number, o: any) => sum + o.total_amount, 0);
  expect(charges.charged.usd).toBeGreaterThanOrEqual(paidTotal);
  expect(charges.charged.usd).toBe(charges.paid_orders.usd + (charges.pending.usd ?? 0));
  expect(lawOf(green, 'refunds').totals.refunded.usd).toBe(refund.body.amount + refund.body.tax_amount);
  expect(lawOf(green, 'refunds').totals.credit_notes.usd).toBe(refund.body.amount + refund.body.tax_amount);
  expect(lawOf(green, 'benefits').totals).toMatchObject({ to_grant: 2, granted: 2 });
  const events = lawOf(green, 'events').totals;
  expect(events.expected_deliveries).toBeGreaterThan(4);
  expect(events.delivered).toBe(events.expected_deliveries);

  // The faults, each on its own law.
  const [deletedEvent] = await db().execute<{ id: string }[]>(
    `delete from event where id = (select id from event where customer_id = ? and name = 'call' order by seq limit 1)
     returning id`,
    [customerId],
  );
  expect(deletedEvent).toBeDefined();
  const paymentId = randomUUID();
  await db().execute(
    `insert into payment (id, organization_id, idempotency_key, status, amount, currency, method, created_at)
     values (?, ?, ?, 'succeeded', 999, 'usd', 'card', now())`,
    [paymentId, org.id, `injected:${paymentId}`],
  );
  const [grant] = await db().execute<{ id: string }[]>('delete from benefit_grant where order_id = ? returning id', [
    order.id,
  ]);
  await db().execute('update refund set credit_note_number = null where id = ?', [refund.body.id]);
  // The subscription ended (behind its workflow's back), its credits grant left standing.
  await db().execute(`update subscription set status = 'canceled', ended_at = now() where id = ?`, [subscription.id]);
  const [kept] = await db().execute<{ id: string }[]>('select id from benefit_grant where subscription_id = ?', [
    subscription.id,
  ]);
  const [twice] = await db().execute<{ id: string }[]>(
    `insert into meter_credit (id, organization_id, customer_id, meter_id, grant_id, units, rollover, key, created_at)
     select gen_random_uuid(), organization_id, customer_id, meter_id, null, units, rollover, key || ':twice', created_at
     from meter_credit where customer_id = ? and grant_id is null order by seq limit 1 returning id`,
    [customerId],
  );
  const [undelivered] = await db().execute<{ event_id: string }[]>(
    `select d.event_id from webhook_delivery d where d.endpoint_id = ? and d.event_type = 'order.paid'
     order by d.created_at limit 1`,
    [endpoint.body.id],
  );
  await db().execute(
    'delete from webhook_attempt where delivery_id in (select id from webhook_delivery where event_id = ?)',
    [undelivered.event_id],
  );
  await db().execute('delete from webhook_delivery where event_id = ?', [undelivered.event_id]);

  const red = (await reconcile()).body;
  expect(red.ok).toBe(false);
  const reasons = (name: string) => lawOf(red, name).breaking.map((b: any) => ({ reason: b.reason, ids: b.ids }));
  const december = renewals.find((o: any) => o.created_at < '2027-01-15')!;
  expect(reasons('usage')).toEqual(
    expect.arrayContaining([
      {
        reason: 'invoiced_differs_from_ingested',
        ids: { order_id: december.id, meter_id: meter.body.id, customer_id: customerId },
      },
    ]),
  );
  expect(lawOf(red, 'usage').breaking.find((b: any) => b.reason === 'invoiced_differs_from_ingested')).toMatchObject({
    expected: 7,
    actual: 8,
  });
  expect(reasons('credits')).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        reason: 'period_reset_twice',
        ids: expect.objectContaining({ meter_credit_id: twice.id }),
      }),
      expect.objectContaining({ reason: 'ledger_differs_from_balance' }),
    ]),
  );
  expect(reasons('charges')).toEqual([{ reason: 'charge_without_order', ids: { payment_id: paymentId } }]);
  expect(reasons('refunds')).toEqual([{ reason: 'refund_without_credit_note', ids: { refund_id: refund.body.id } }]);
  expect(reasons('benefits')).toEqual(
    [
      { reason: 'benefit_grant_missing', ids: { order_id: order.id, benefit_id: support.body.id } },
      {
        reason: 'benefit_not_revoked',
        ids: { subscription_id: subscription.id, benefit_id: credits.body.id, benefit_grant_id: kept.id },
      },
    ].sort((a, b) => (Object.values(a.ids)[0] < Object.values(b.ids)[0] ? -1 : 1)),
  );
  expect(grant).toBeDefined();
  expect(reasons('events')).toEqual([
    { reason: 'event_not_delivered', ids: { event_id: undelivered.event_id, endpoint_id: endpoint.body.id } },
  ]);
  for (const law of red.laws) expect({ law: law.law, ok: law.ok }).toEqual({ law: law.law, ok: false });

  // The daily run over today (the injected charge's day) sends reconciliation.failed, once however often it runs.
  const env = h.env.sandbox;
  await ensureSchedules(env.temporal, env.taskQueue);
  const schedule = await env.temporal.schedule.getHandle(SCHEDULES.reconciliation.id).describe();
  expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'reconcileBooks' });
  expect(schedule.spec.intervals?.[0].every).toBe(24 * 60 * 60 * 1000);
  const today = new Date().toISOString().slice(0, 10);
  for (const run of [1, 2]) {
    const result = await env.temporal.workflow.execute(WORKFLOW_TYPES.reconciliation, {
      taskQueue: env.taskQueue,
      workflowId: `reconciliation-test:${randomUUID()}:${run}`,
      args: [{ day: today }],
    });
    expect(result).toMatchObject({ day: today, failed: expect.arrayContaining([org.id]) });
  }
  const failed = await eventually(async () => {
    const mine = receiver.received.filter(
      (r) => r.json.type === 'reconciliation.failed' && r.json.data.organization_id === org.id,
    );
    return mine.length > 0 && mine;
  });
  expect(failed[0].json.data).toMatchObject({ organization_id: org.id, from: today, to: today });
  const failedCharges = (failed[0].json.data.failed_laws as any[]).find((l) => l.law === 'charges');
  expect(failedCharges.breaking).toEqual([
    { reason: 'charge_without_order', ids: { payment_id: paymentId }, expected: null, actual: null },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(
    receiver.received.filter((r) => r.json.type === 'reconciliation.failed' && r.json.data.organization_id === org.id),
  ).toHaveLength(1);
}, 240_000);

test('a bad, reversed or too long range is a 422 on its field', async () => {
  const detail = async (query: string) => {
    const answer = await reconcile(query);
    expect(answer.status).toBe(422);
    return answer.body.detail.map((d: any) => d.loc);
  };
  expect(await detail('from=2027-02-30&to=2027-03-01')).toEqual([['query', 'from']]);
  expect(await detail('from=2027-03-01')).toEqual([['query', 'to']]);
  expect(await detail('from=2027-03-02&to=2027-03-01')).toEqual([['query', 'to']]);
  expect(await detail('from=2027-01-01&to=2028-01-02')).toEqual([['query', 'to']]);
  expect((await reconcile('from=2027-01-01&to=2028-01-01')).status).toBe(200);
  const other = await h.organization(['products:read'], 'sandbox');
  const forbidden = await h.request('GET', `/v1/reconciliation?${RANGE}`, {
    token: other.token,
    environment: 'sandbox',
  });
  expect(forbidden.status).toBe(403);
});
