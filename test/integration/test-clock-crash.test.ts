// A test clock's advance is a durable flow (`test-clock:<id>`): when the worker process running it is killed
// (SIGKILL) in the middle, another worker resumes it, the attached subscription renews once, and the clock is
// released — never left `advancing`. The dead worker's step is retried once its heartbeat times out (10 s).
import type { ChildProcess } from 'node:child_process';
import { startHarness, eventually, type TestHarness } from '../support/harness';
import { startWorkerProcess } from '../support/worker-process';
import {
  advance,
  chargesFor,
  getSubscription,
  ordersOf,
  sandboxCaller,
  subscribe,
  type Call,
} from '../support/subscriptions';

let h: TestHarness;
let call: Call;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  h = await startHarness();
  call = await sandboxCaller(h);
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await h.close();
});

test('the advance resumes on another worker after the one running it is killed, and the clock is released', async () => {
  worker = await startWorkerProcess(h);
  const { clockId, subscription } = await subscribe(h, call, { price: 1700, start: '2025-06-05T00:00:00Z' });
  await eventually(async () => (await ordersOf(call, subscription.customer_id))[0]?.paid);

  const advancing = call('POST', `/v1/test-clocks/${clockId}/advance`, { frozen_time: '2025-07-06T00:00:00Z' });
  const db = h.env.sandbox.orm.em.fork();
  const status = async () =>
    (await db.execute<{ status: string }[]>('select status from test_clock where id = ?', [clockId]))[0].status;
  // Asked often: the worker is to be killed while the advance is under way, not after it.
  await eventually(async () => (await status()) === 'advancing', 20_000, {
    what: `test clock ${clockId} advancing`,
    everyMs: 10,
  });
  worker.kill('SIGKILL'); // mid-advance: the time is recorded, the subscription's renewal and the clock's release are to come
  await new Promise((resolve) => worker!.once('exit', resolve));
  expect(await status()).toBe('advancing');

  // Another advance meanwhile is refused once a worker runs the clock's flow again (before the first one resumes).
  const meanwhile = call('POST', `/v1/test-clocks/${clockId}/advance`, { frozen_time: '2025-08-01T00:00:00Z' });
  await h.startWorker('sandbox');
  expect(await meanwhile).toMatchObject({ status: 409, body: { error: 'Conflict' } });

  const advanced = await advancing;
  expect(advanced.status).toBe(200);
  expect(advanced.body).toMatchObject({ frozen_time: '2025-07-06T00:00:00.000Z', status: 'ready' });
  const orders = await ordersOf(call, subscription.customer_id);
  expect(orders.map((o) => [o.billing_reason, o.status, o.total_amount])).toEqual([
    ['subscription_create', 'paid', 1700],
    ['subscription_cycle', 'paid', 1700],
  ]);
  expect(await chargesFor(h, orders[1].id)).toEqual([{ status: 'succeeded', amount: 1700 }]);
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_start: '2025-07-05T00:00:00.000Z',
  });

  await advance(call, clockId, '2025-08-06T00:00:00Z'); // released: the next advance goes through
  expect((await ordersOf(call, subscription.customer_id)).map((o) => o.billing_reason)).toEqual([
    'subscription_create',
    'subscription_cycle',
    'subscription_cycle',
  ]);
}, 180_000);
