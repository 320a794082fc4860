// Commands that reach a flow right after its entity was written: a subscription listed as `active` accepts a cancel
// the moment `subscription.active` arrives, and also while its flow's start still waits in the outbox (its first
// dispatch failed); a checkout whose start waits accepts its confirmation, and a test clock moves such a subscription
// on. The command starts the flow from its outbox row instead of answering 503.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { advance, ordersOf, sandboxCaller, subscribe } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
const receivers: Receiver[] = [];
/** What the sandbox's workflow starts of ids with this prefix do first: wait (ms), or fail as an unreachable server. */
let interfere: { prefix: string; delayMs?: number; fail?: boolean } | null = null;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  const workflows = h.env.sandbox.temporal.workflow;
  const start = workflows.start.bind(workflows);
  jest.spyOn(workflows, 'start').mockImplementation((async (type: string, options: { workflowId: string }) => {
    const now = interfere && options.workflowId.startsWith(interfere.prefix) ? interfere : null;
    // Not a wait for anything: the injected fault itself, a start that takes this long (a busy Temporal server), during
    // which the event it announces must not overtake it. No state marks "slow enough", so it stays a fixed, bounded delay.
    if (now?.delayMs) await new Promise((resolve) => setTimeout(resolve, now.delayMs));
    if (now?.fail) throw new Error('14 UNAVAILABLE: the Temporal server cannot be reached (test)');
    return start(type, options as never);
  }) as never);
  await h.startWorker('sandbox');
});
afterEach(() => (interfere = null));
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await h.close();
});

const outboxRows = (where: string, value: string) =>
  h.env.sandbox.orm.em
    .fork()
    .execute<{ kind: string; type: string | null; dispatched_at: Date | null; last_error: string | null }[]>(
      `select kind, payload->>'type' as type, dispatched_at, last_error from outbox_message where ${where} order by seq`,
      [value],
    );
const startRow = async (workflowId: string) =>
  (await outboxRows("kind = 'workflow_start' and payload->>'workflowId' = ?", workflowId))[0];
const flowStatus = async (workflowId: string) =>
  (await h.env.sandbox.temporal.workflow.getHandle(workflowId).describe()).status.name;

test('a revoke sent the moment subscription.active arrives is accepted', async () => {
  const call = await sandboxCaller(h);
  const receiver = await startReceiver();
  receivers.push(receiver);
  expect(
    (
      await call('POST', '/v1/webhooks/endpoints', {
        url: receiver.url,
        format: 'raw',
        events: ['subscription.active'],
      })
    ).status,
  ).toBe(201);
  const answers: Promise<{ status: number; body: any }>[] = [];
  receiver.respondWith((request) => {
    if (request.json.type === 'subscription.active' && !answers.length)
      answers.push(call('DELETE', `/v1/subscriptions/${request.json.data.id}`));
    return 204;
  });
  // A slow start (a busy Temporal server): the event's delivery must still not overtake the flow it announces.
  interfere = { prefix: 'subscription:', delayMs: 1500 };
  const { subscription } = await subscribe(h, call, { price: 1200, start: '2025-05-01T00:00:00Z' });
  await eventually(async () => answers.length > 0);
  const answer = await answers[0];
  expect([answer.status, answer.body.id, answer.body.status]).toEqual([200, subscription.id, 'canceled']);
  await eventually(async () => (await flowStatus(`subscription:${subscription.id}`)) === 'COMPLETED'); // revoked: its flow ended
});

test('a cancel sent while the subscription’s flow start waits in the outbox is accepted: the command starts it', async () => {
  const call = await sandboxCaller(h);
  interfere = { prefix: 'subscription:', fail: true };
  const { subscription } = await subscribe(h, call, { price: 900, start: '2025-05-01T00:00:00Z' });
  expect(subscription.status).toBe('active');
  const workflowId = `subscription:${subscription.id}`;
  expect(await startRow(workflowId)).toMatchObject({
    dispatched_at: null,
    last_error: expect.stringMatching(/UNAVAILABLE/),
  });
  // Announced all the same: its events went out, and the relay would start the flow only after its grace period.
  const announced = await outboxRows("kind = 'event' and payload->'data'->>'id' = ?", subscription.id);
  expect(announced.map((event) => [event.type, event.dispatched_at !== null])).toEqual([
    ['subscription.created', true],
    ['subscription.updated', true],
    ['subscription.active', true],
  ]);

  interfere = null;
  const canceled = await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: true });
  expect(canceled.status).toBe(200);
  expect(canceled.body).toMatchObject({
    id: subscription.id,
    status: 'active',
    cancel_at_period_end: true,
    ends_at: subscription.current_period_end,
  });
  expect((await startRow(workflowId)).dispatched_at).not.toBeNull();
  expect(await flowStatus(workflowId)).toBe('RUNNING');
  // The same command again is refused by the running flow, as any second cancel is.
  const again = await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: true });
  expect([again.status, again.body.error]).toEqual([403, 'AlreadyCanceledSubscription']);
});

test('a test clock advanced while a subscription’s flow start waits in the outbox starts it and renews', async () => {
  const call = await sandboxCaller(h);
  interfere = { prefix: 'subscription:', fail: true };
  const { clockId, subscription } = await subscribe(h, call, { price: 800, start: '2025-05-01T00:00:00Z' });
  expect((await startRow(`subscription:${subscription.id}`)).dispatched_at).toBeNull();
  interfere = null;
  await advance(call, clockId, '2025-06-01T01:00:00Z');
  expect((await ordersOf(call, subscription.customer_id)).map((order) => [order.billing_reason, order.status])).toEqual(
    [
      ['subscription_create', 'paid'],
      ['subscription_cycle', 'paid'],
    ],
  );
});

test('a checkout whose flow start waits in the outbox accepts its confirmation and is paid', async () => {
  const call = await sandboxCaller(h);
  const product = await call('POST', '/v1/products/', {
    name: 'Field guide',
    prices: [{ amount_type: 'fixed', price_amount: 700 }],
  });
  interfere = { prefix: 'checkout:', fail: true };
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: 'early@example.com',
    customer_billing_address: { country: 'DE' },
  });
  expect(checkout.status).toBe(201);
  expect((await startRow(`checkout:${checkout.body.id}`)).dispatched_at).toBeNull();

  interfere = null;
  const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_visa' },
  });
  expect([confirmed.status, confirmed.body.status]).toEqual([200, 'confirmed']);
  const order = await eventually(
    async () => (await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items[0]?.paid,
  );
  expect(order).toBe(true);
});
