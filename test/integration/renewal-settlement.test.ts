// Renewal charges the processor settles later: the order stays pending and the subscription in its status until
// Stripe's signed webhook (routed by the order the charge quotes) settles it — paid, or a failure dunning retries — or
// until the wait ends and the charge is canceled. Commands still run meanwhile.
import Stripe from 'stripe';
import { renewAndCharge } from '../../src/domains/subscription';
import { upcomingQuery } from '../../workflows/definitions';
import { recordHistory } from '../support/record-history';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { advance, getSubscription, ordersOf, sandboxCaller, subscribe, type Call } from '../support/subscriptions';

const SECRET = 'whsec_renewal_test_secret';
let h: TestHarness;
let call: Call;
let receiver: Receiver;

beforeAll(async () => {
  h = await startHarness({ STRIPE_WEBHOOK_SECRET: SECRET, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  // The sandbox settles at once; this worker reports every renewal charge as still processing, as Stripe may.
  await h.startWorker('sandbox', (real) => {
    const chargeSubscriptionOrder = async (orderId: string, attempt: number) => {
      const outcome = await real.chargeSubscriptionOrder(orderId, attempt);
      return 'chargeId' in outcome && outcome.chargeId ? { chargeId: outcome.chargeId, pending: true } : outcome;
    };
    const renewAndChargeSubscription = (id: string, periodEnd: string) =>
      renewAndCharge({ ...real, chargeSubscriptionOrder }, id, periodEnd);
    return { ...real, chargeSubscriptionOrder, renewAndChargeSubscription };
  });
  call = await sandboxCaller(h);
  receiver = await startReceiver();
  expect(
    (await call('POST', '/v1/webhooks/endpoints', { url: receiver.url, format: 'raw', events: ['order.paid'] })).status,
  ).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

function postStripeEvent(type: string, orderId: string, chargeId: string, extra: Record<string, unknown> = {}) {
  const payload = JSON.stringify({
    id: `evt_${chargeId}`,
    object: 'event',
    type,
    data: { object: { id: chargeId, object: 'payment_intent', metadata: { bursar_reference: orderId }, ...extra } },
  });
  const signature = new Stripe('sk_test').webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return fetch(`${h.url.sandbox}/v1/integrations/stripe/webhook`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  h.env.sandbox.orm.em.fork().execute<T[]>(query, params);
const paidEventsOf = (orderId: string) =>
  receiver.received.filter((r) => r.json.type === 'order.paid' && r.json.data.id === orderId);
const upcoming = (subscriptionId: string) =>
  h.env.sandbox.temporal.workflow.getHandle(`subscription:${subscriptionId}`).query(upcomingQuery);

/** A monthly subscription on a test clock whose first renewal (on Feb 28) the processor is still processing. */
async function processingRenewal() {
  const { clockId, subscription } = await subscribe(h, call, { price: 1000, start: '2025-01-31T10:00:00Z' });
  await eventually(async () => (await ordersOf(call, subscription.customer_id))[0]?.paid);
  await advance(call, clockId, '2025-02-28T10:00:00Z');
  const renewal = (await ordersOf(call, subscription.customer_id))[1];
  expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'pending', total_amount: 1000 });
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_end: '2025-03-31T10:00:00.000Z',
  });
  const [charge] = await sql<{ id: string }>('select id from sandbox_processor_charge where idempotency_key = ?', [
    `order:${renewal.id}:charge:1`,
  ]);
  return { clockId, subscription, renewal, chargeId: charge.id };
}

const orderStatus = async (customerId: string, orderId: string) =>
  (await ordersOf(call, customerId)).find((o) => o.id === orderId)?.status;

test('payment_intent.succeeded pays the pending renewal order; the subscription stays active', async () => {
  const { subscription, renewal, chargeId } = await processingRenewal();
  expect(paidEventsOf(renewal.id)).toEqual([]);

  const response = await postStripeEvent('payment_intent.succeeded', renewal.id, chargeId);
  expect(response.status).toBe(200);
  await eventually(async () => (await orderStatus(subscription.customer_id, renewal.id)) === 'paid');
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_end: '2025-03-31T10:00:00.000Z',
  });
  await eventually(async () => paidEventsOf(renewal.id).length === 1);
  expect((await upcoming(subscription.id)).next).toEqual({ action: 'renew', at: '2025-03-31T10:00:00.000Z' });
  await recordHistory(h.env.sandbox, `subscription:${subscription.id}`, 'subscription-renewal-settled-later');
});

test('payment_intent.payment_failed makes the subscription past_due and schedules a dunning retry', async () => {
  const { subscription, renewal, chargeId } = await processingRenewal();
  const response = await postStripeEvent('payment_intent.payment_failed', renewal.id, chargeId, {
    last_payment_error: { message: 'The bank refused.' },
  });
  expect(response.status).toBe(200);
  const pastDue = await eventually(async () => {
    const s = await getSubscription(call, subscription.id);
    return s.status === 'past_due' && s;
  });
  expect(pastDue.past_due_at).toBe('2025-02-28T10:00:00.000Z');
  expect(await orderStatus(subscription.customer_id, renewal.id)).toBe('pending');
  expect((await upcoming(subscription.id)).next).toEqual({ action: 'retry_payment', at: '2025-03-02T10:00:00.000Z' });
  const [order] = await sql<{ next_payment_attempt_at: string }>(
    'select next_payment_attempt_at from "order" where id = ?',
    [renewal.id],
  );
  expect(new Date(order.next_payment_attempt_at).toISOString()).toBe('2025-03-02T10:00:00.000Z');
  expect(paidEventsOf(renewal.id)).toEqual([]);
});

test('a renewal charge that never settles is canceled at the processor when its wait ends, and dunning takes over', async () => {
  const { clockId, subscription, renewal, chargeId } = await processingRenewal();
  await sql("update sandbox_processor_charge set status = 'processing' where id = ?", [chargeId]); // as Stripe would hold it
  await advance(call, clockId, '2025-03-04T10:00:00Z'); // past the 3 days' wait
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'past_due',
    past_due_at: '2025-03-03T10:00:00.000Z',
  });
  const [charge] = await sql<{ status: string }>('select status from sandbox_processor_charge where id = ?', [
    chargeId,
  ]);
  expect(charge.status).toBe('canceled');
  expect(await orderStatus(subscription.customer_id, renewal.id)).toBe('pending');
  expect((await upcoming(subscription.id)).next).toEqual({ action: 'retry_payment', at: '2025-03-05T10:00:00.000Z' });
});

test('a revoke is not held up by a processing charge; one that went through for the voided order is refunded', async () => {
  const { subscription, renewal, chargeId } = await processingRenewal();
  const revoked = await call('DELETE', `/v1/subscriptions/${subscription.id}`);
  expect(revoked.status).toBe(200);
  expect(revoked.body.status).toBe('canceled');
  expect(await orderStatus(subscription.customer_id, renewal.id)).toBe('void');
  // The sandbox had settled it: canceling finds it succeeded, so it is given back in full.
  const refunds = await eventually(async () => {
    const rows = await sql<{ amount: number; idempotency_key: string }>(
      'select amount, idempotency_key from sandbox_processor_refund where charge_id = ?',
      [chargeId],
    );
    return rows.length > 0 && rows;
  });
  expect(refunds).toEqual([{ amount: 1000, idempotency_key: `order:${renewal.id}:compensation:${chargeId}` }]);
  await recordHistory(h.env.sandbox, `subscription:${subscription.id}`, 'subscription-revoked-while-charge-pending', {
    finished: true,
  });
});
