// A worker process killed (SIGKILL) in the middle of a renewal, once its renewal order is written: another worker takes
// over and the period is billed exactly once — one renewal order, one charge. The test does for the killed worker's
// activities what Temporal does at their start-to-close timeout (a minute): fails them, so another attempt runs now.
import type { ChildProcess } from 'node:child_process';
import { startHarness, eventually, type TestHarness } from '../support/harness';
import { failActivitiesOfDeadWorker, startWorkerProcess } from '../support/worker-process';
import {
  SUBSCRIPTION_SCOPES,
  chargesFor,
  getSubscription,
  ordersOf,
  subscribe,
  type Call,
} from '../support/subscriptions';

let h: TestHarness;
let call: Call;
let worker: ChildProcess | undefined;

let organizationId: string;

beforeAll(async () => {
  h = await startHarness();
  const org = await h.organization([...SUBSCRIPTION_SCOPES], 'sandbox');
  organizationId = org.id;
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await h.close();
});

test('one renewal order and one charge after the worker is killed mid-renewal', async () => {
  worker = await startWorkerProcess(h);
  const { clockId, subscription } = await subscribe(h, call, { price: 3100, start: '2025-03-10T00:00:00Z' });
  await eventually(async () => (await ordersOf(call, subscription.customer_id))[0]?.paid);

  const advancing = call('POST', `/v1/test-clocks/${clockId}/advance`, { frozen_time: '2025-04-11T00:00:00Z' });
  const db = h.env.sandbox.orm.em.fork();
  await eventually(
    async () =>
      (
        await db.execute('select 1 from "order" where subscription_id = ? and billing_reason = ?', [
          subscription.id,
          'subscription_cycle',
        ])
      ).length > 0,
    30_000,
  );
  worker.kill('SIGKILL'); // the renewal order is written; its charge and payment are still to come
  await new Promise((resolve) => worker!.once('exit', resolve));
  await failActivitiesOfDeadWorker(h, organizationId, worker);
  await h.startWorker('sandbox');

  const advanced = await advancing;
  expect(advanced.status).toBe(200);
  const orders = await ordersOf(call, subscription.customer_id);
  expect(orders.map((o) => [o.billing_reason, o.status, o.total_amount])).toEqual([
    ['subscription_create', 'paid', 3100],
    ['subscription_cycle', 'paid', 3100],
  ]);
  expect(await chargesFor(h, orders[1].id)).toEqual([{ status: 'succeeded', amount: 3100 }]);
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_start: '2025-04-10T00:00:00.000Z',
  });
}, 90_000);
