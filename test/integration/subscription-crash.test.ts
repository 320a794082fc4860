// A worker lost in the middle of a renewal — after writing the renewal order, after charging it, after recording the
// payment, each before reporting back — still yields exactly one renewal order and one charge (keys from workflow
// data, guarded writes).
import { renewAndCharge } from '../../src/domains/subscription';
import { crashOnce } from '../support/crash';
import { startHarness, type TestHarness } from '../support/harness';
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
const crashes: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox', (real) => {
    // The renewal's parts: separate activities in older runs, one activity (retried as a whole) since then.
    const parts = {
      renewSubscription: crashOnce(crashes, 'renew', real.renewSubscription),
      chargeSubscriptionOrder: crashOnce(crashes, 'charge', real.chargeSubscriptionOrder),
      recordSubscriptionPayment: crashOnce(crashes, 'record payment', real.recordSubscriptionPayment),
    };
    return {
      ...real,
      ...parts,
      renewAndChargeSubscription: (id: string, periodEnd: string) => renewAndCharge(parts, id, periodEnd),
    };
  });
  call = await sandboxCaller(h);
});
afterAll(() => h.close());

test('one renewal order and one charge despite losing the worker after each step of the renewal', async () => {
  const { clockId, subscription } = await subscribe(h, call, { price: 2500, start: '2025-01-20T00:00:00Z' });
  await advance(call, clockId, '2025-02-21T00:00:00Z');

  expect(crashes).toEqual(['renew', 'charge', 'record payment']);
  const orders = await ordersOf(call, subscription.customer_id);
  expect(orders.map((o) => [o.billing_reason, o.status, o.total_amount])).toEqual([
    ['subscription_create', 'paid', 2500],
    ['subscription_cycle', 'paid', 2500],
  ]);
  expect(await chargesFor(h, orders[1].id)).toEqual([{ status: 'succeeded', amount: 2500 }]);
  expect(await getSubscription(call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_start: '2025-02-20T00:00:00.000Z',
  });
});
