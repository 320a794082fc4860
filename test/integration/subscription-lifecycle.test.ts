// A subscription's life on a test clock: a trial converting, failed payments with dunning (recovery, exhaustion,
// unrecoverable declines), cancel at period end and uncancel, immediate revoke, and illegal commands refused.
import { startHarness, eventually, type TestHarness } from '../support/harness';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import {
  advance,
  chargesFor,
  getSubscription,
  ordersOf,
  sandboxCaller,
  setCardOutcome,
  subscribe,
  type Call,
} from '../support/subscriptions';

let h: TestHarness;
let call: Call;
let receiver: Receiver;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  call = await sandboxCaller(h);
  receiver = await startReceiver();
  await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: [
      'order.paid',
      'subscription.updated',
      'subscription.active',
      'subscription.past_due',
      'subscription.canceled',
      'subscription.uncanceled',
      'subscription.revoked',
    ],
  });
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

/** The subscription's webhooks received so far, by type, in order. */
const eventsOf = (subscriptionId: string, types: string[]) =>
  receiver.received
    .filter(
      (r) =>
        types.includes(r.json.type) &&
        (r.json.data.id === subscriptionId || r.json.data.subscription_id === subscriptionId),
    )
    .map((r) => r.json.type);

test('a 14-day trial charges nothing, then converts: order.paid (subscription_create) then subscription.active', async () => {
  const { clockId, subscription } = await subscribe(h, call, {
    price: 2000,
    trialDays: 14,
    start: '2025-06-01T12:00:00Z',
  });
  expect(subscription).toMatchObject({
    status: 'trialing',
    trial_start: '2025-06-01T12:00:00.000Z',
    trial_end: '2025-06-15T12:00:00.000Z',
    current_period_end: '2025-06-15T12:00:00.000Z',
  });
  expect(await ordersOf(call, subscription.customer_id)).toEqual([]);

  await advance(call, clockId, '2025-06-10T00:00:00Z');
  expect((await getSubscription(call, subscription.id)).status).toBe('trialing');
  await advance(call, clockId, '2025-06-16T00:00:00Z');

  const [order] = await ordersOf(call, subscription.customer_id);
  expect(order).toMatchObject({
    billing_reason: 'subscription_create',
    status: 'paid',
    total_amount: 2000,
    created_at: '2025-06-15T12:00:00.000Z',
  });
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_start: '2025-06-15T12:00:00.000Z',
    current_period_end: '2025-07-15T12:00:00.000Z',
  });
  await eventually(async () => eventsOf(subscription.id, ['order.paid', 'subscription.active']).length === 2);
  // Emitted in this order; delivered in order per resource only (an order and a subscription may cross on the wire).
  const emitted = await h.env.sandbox.orm.em.fork().execute<{ type: string }[]>(
    `select payload->>'type' as type from outbox_message
        where payload->>'type' in ('order.paid', 'subscription.active') and ? in (payload->'data'->>'id', payload->'data'->>'subscription_id')
        order by seq`,
    [subscription.id],
  );
  expect(emitted.map((event) => event.type)).toEqual(['order.paid', 'subscription.active']);
});

test('a failed renewal goes past_due, dunning retries at +2 and +5 days, and a successful retry makes it active again', async () => {
  const { clockId, subscription } = await subscribe(h, call, { price: 1500, start: '2025-03-01T00:00:00Z' });
  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  await advance(call, clockId, '2025-04-01T01:00:00Z');
  const pastDue = await getSubscription(call, subscription.id);
  expect(pastDue).toMatchObject({ status: 'past_due', past_due_at: '2025-04-01T00:00:00.000Z' });
  const renewal = (await ordersOf(call, subscription.customer_id))[1];
  expect(renewal).toMatchObject({ status: 'pending', billing_reason: 'subscription_cycle' });

  await advance(call, clockId, '2025-04-03T01:00:00Z'); // first retry (+2 days) fails too
  expect((await getSubscription(call, subscription.id)).status).toBe('past_due');
  await setCardOutcome(h, subscription.id, null);
  await advance(call, clockId, '2025-04-08T01:00:00Z'); // second retry (+5 days) succeeds

  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'active',
    past_due_at: null,
    current_period_end: '2025-05-01T00:00:00.000Z',
  });
  expect((await ordersOf(call, subscription.customer_id))[1]).toMatchObject({
    id: renewal.id,
    status: 'paid',
    total_amount: 1500,
  });
  expect(await chargesFor(h, renewal.id)).toEqual([
    { status: 'failed', amount: 1500 },
    { status: 'failed', amount: 1500 },
    { status: 'succeeded', amount: 1500 },
  ]);
  await eventually(
    async () => eventsOf(subscription.id, ['subscription.past_due', 'subscription.active']).length === 3,
  );
  expect(eventsOf(subscription.id, ['subscription.past_due', 'subscription.active'])).toEqual([
    'subscription.active',
    'subscription.past_due',
    'subscription.active',
  ]);
});

test('when every retry fails (+2, +5, +7, +7 days) the subscription is revoked and its order voided', async () => {
  const { clockId, subscription } = await subscribe(h, call, { price: 900, start: '2025-03-01T00:00:00Z' });
  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  await advance(call, clockId, '2025-04-21T00:00:00Z'); // renewal + 20 days: the fourth retry (+21 days) is still ahead
  expect((await getSubscription(call, subscription.id)).status).toBe('past_due');
  await advance(call, clockId, '2025-04-23T00:00:00Z');

  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'canceled',
    ended_at: '2025-04-22T00:00:00.000Z',
  });
  const renewal = (await ordersOf(call, subscription.customer_id))[1];
  expect(renewal.status).toBe('void');
  expect((await chargesFor(h, renewal.id)).map((c) => c.status)).toEqual([
    'failed',
    'failed',
    'failed',
    'failed',
    'failed',
  ]);
  await eventually(async () => eventsOf(subscription.id, ['subscription.revoked']).length === 1);
});

test('a decline that cannot recover revokes at once, without retries', async () => {
  const { clockId, subscription } = await subscribe(h, call, { price: 900, start: '2025-03-01T00:00:00Z' });
  await setCardOutcome(h, subscription.id, 'authentication_required');
  await advance(call, clockId, '2025-04-01T00:00:01Z');
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'canceled',
    ended_at: '2025-04-01T00:00:00.000Z',
  });
  expect(await chargesFor(h, (await ordersOf(call, subscription.customer_id))[1].id)).toHaveLength(1);
});

test('cancel at period end, cancel again is refused, uncancel, and the subscription renews', async () => {
  const { clockId, subscription } = await subscribe(h, call, { price: 1000, start: '2025-05-10T00:00:00Z' });
  const canceled = await call('PATCH', `/v1/subscriptions/${subscription.id}`, {
    cancel_at_period_end: true,
    customer_cancellation_reason: 'too_expensive',
    customer_cancellation_comment: 'Budget cuts',
  });
  expect(canceled.status).toBe(200);
  expect(canceled.body).toMatchObject({
    status: 'active',
    cancel_at_period_end: true,
    ends_at: '2025-06-10T00:00:00.000Z',
    canceled_at: '2025-05-10T00:00:00.000Z',
    customer_cancellation_reason: 'too_expensive',
    customer_cancellation_comment: 'Budget cuts',
  });

  const twice = await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: true });
  expect(twice.status).toBe(403);
  expect(twice.body.error).toBe('AlreadyCanceledSubscription');

  const uncanceled = await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: false });
  expect(uncanceled.status).toBe(200);
  expect(uncanceled.body).toMatchObject({
    cancel_at_period_end: false,
    ends_at: null,
    canceled_at: null,
    customer_cancellation_reason: null,
  });
  await eventually(
    async () => eventsOf(subscription.id, ['subscription.canceled', 'subscription.uncanceled']).length === 2,
  );
  expect(eventsOf(subscription.id, ['subscription.canceled', 'subscription.uncanceled'])).toEqual([
    'subscription.canceled',
    'subscription.uncanceled',
  ]);

  await advance(call, clockId, '2025-06-11T00:00:00Z');
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_start: '2025-06-10T00:00:00.000Z',
  });
  expect(await ordersOf(call, subscription.customer_id)).toHaveLength(2);
});

test('cancel at period end: canceled when the period ends, with no renewal; uncancel afterwards is 410', async () => {
  const { clockId, subscription } = await subscribe(h, call, { price: 1000, start: '2025-05-10T00:00:00Z' });
  expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: true })).status).toBe(
    200,
  );
  await advance(call, clockId, '2025-07-01T00:00:00Z');

  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'canceled',
    ended_at: '2025-06-10T00:00:00.000Z',
    cancel_at_period_end: true,
  });
  expect(await ordersOf(call, subscription.customer_id)).toHaveLength(1);
  const late = await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: false });
  expect(late.status).toBe(410);
  expect(late.body.error).toBe('ResourceUnavailable');
  await eventually(async () => eventsOf(subscription.id, ['subscription.revoked']).length === 1);
  expect(eventsOf(subscription.id, ['subscription.canceled', 'subscription.revoked'])).toEqual([
    'subscription.canceled',
    'subscription.canceled',
    'subscription.revoked',
  ]);
});

test('immediate revoke with DELETE answers 200 with the subscription; a second revoke is 403', async () => {
  const { subscription } = await subscribe(h, call, { price: 1000, start: '2025-05-10T00:00:00Z' });
  const revoked = await call('DELETE', `/v1/subscriptions/${subscription.id}`);
  expect(revoked.status).toBe(200);
  expect(revoked.body).toMatchObject({
    id: subscription.id,
    status: 'canceled',
    ended_at: '2025-05-10T00:00:00.000Z',
    canceled_at: '2025-05-10T00:00:00.000Z',
  });
  const again = await call('DELETE', `/v1/subscriptions/${subscription.id}`);
  expect(again.status).toBe(403);
  expect(again.body.error).toBe('AlreadyCanceledSubscription');
  expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: false })).status).toBe(
    410,
  );
  await eventually(async () => eventsOf(subscription.id, ['subscription.revoked']).length === 1);
  const workflow = h.env.sandbox.temporal.workflow.getHandle(`subscription:${subscription.id}`);
  await eventually(async () => (await workflow.describe()).status.name === 'COMPLETED');
});

test('the API lists with filters, refuses mixed or unknown changes, and the workflow answers its schedule', async () => {
  const { subscription, productId } = await subscribe(h, call, { price: 1000, start: '2025-05-10T00:00:00Z' });
  const listed = await call(
    'GET',
    `/v1/subscriptions/?product_id=${productId}&status=active&active=true&sorting=-current_period_end`,
  );
  expect(listed.body.items.map((s: any) => s.id)).toEqual([subscription.id]);
  expect(listed.body.items[0]).toMatchObject({
    price_id: subscription.prices[0].id,
    price: { amount_type: 'fixed', price_amount: 1000 },
    customer: { id: subscription.customer_id },
    product: { id: productId },
  });
  expect((await call('GET', `/v1/subscriptions/?product_id=${productId}&active=false`)).body.items).toEqual([]);
  expect(
    (await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: true, seats: 2 })).status,
  ).toBe(422);
  // Trial changes are not taken (pauses are: subscription-pause.test.ts).
  expect(
    (await call('PATCH', `/v1/subscriptions/${subscription.id}`, { trial_end: '2025-07-01T00:00:00Z' })).status,
  ).toBe(422);
  expect((await call('GET', `/v1/subscriptions/00000000-0000-4000-8000-000000000000`)).status).toBe(404);

  // The workflow answers `starting` until it has read its schedule (its first step may still be queued).
  const schedule = await eventually(async () => {
    const upcoming = await h.env.sandbox.temporal.workflow
      .getHandle(`subscription:${subscription.id}`)
      .query<{ status: string }>('upcoming');
    return upcoming.status !== 'starting' && upcoming;
  });
  expect(schedule).toEqual({
    status: 'active',
    next: { action: 'renew', at: '2025-06-10T00:00:00.000Z' },
    renewals: ['2025-06-10T00:00:00.000Z', '2025-07-10T00:00:00.000Z', '2025-08-10T00:00:00.000Z'],
  });
});
