// The portal's wallets over real HTTP in the sandbox with a real worker and a test clock: a pause now credits the
// unused time of the period, which the customer holds in their wallet of the subscription's currency until the
// resume order spends it; a subscription that ended leaves no wallet; a customer sees only their own.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { advance, ordersOf, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

jest.setTimeout(120_000);
let h: TestHarness;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
});
afterAll(() => h?.close());

async function merchant() {
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'customer_sessions:write'], 'sandbox');
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const portalOf = async (customerId: string) => {
    const session = await call('POST', '/v1/customer-sessions/', { customer_id: customerId });
    expect(session.status).toBe(201);
    return (path: string) =>
      h.request('GET', `/v1/customer-portal/wallets/${path}`, { token: session.body.token, environment: 'sandbox' });
  };
  return { call, portalOf };
}

test('a pause now’s credit is the wallet’s balance until the resume order spends it; gone with the subscription', async () => {
  const shop = await merchant();
  const { clockId, subscription } = await subscribe(h, shop.call, { price: 3_000, start: '2025-01-01T00:00:00Z' });
  const wallets = await shop.portalOf(subscription.customer_id);

  // a live subscription without credit: a wallet of its currency holding 0
  const empty = await wallets('');
  expect(empty.status).toBe(200);
  expect(empty.body).toEqual({
    items: [
      {
        id: expect.any(String),
        created_at: subscription.created_at,
        modified_at: expect.any(String),
        customer_id: subscription.customer_id,
        balance: 0,
        currency: 'usd',
      },
    ],
    pagination: { total_count: 1, max_page: 1 },
  });
  const walletId = empty.body.items[0].id;

  await advance(shop.call, clockId, '2025-01-11T00:00:00Z');
  const paused = await shop.call('PATCH', `/v1/subscriptions/${subscription.id}`, {
    pause_now: true,
    resumes_at: '2025-02-20T00:00:00Z',
  });
  expect(paused.status).toBe(200);
  // 3000 × 21/31 = 2032.26 → 2032 credited for January 11 to February 1
  const credited = await wallets(walletId);
  expect(credited.status).toBe(200);
  expect(credited.body).toMatchObject({ id: walletId, balance: 2_032, currency: 'usd' });
  expect((await wallets('?sorting=-balance')).body.items).toEqual([credited.body]);

  // another customer of the same organization: no wallet of theirs, and not this one
  const other = await subscribe(h, shop.call, { price: 500, start: '2025-01-01T00:00:00Z' });
  const othersWallets = await shop.portalOf(other.subscription.customer_id);
  const theirs = (await othersWallets('')).body.items;
  expect(theirs).toEqual([expect.objectContaining({ customer_id: other.subscription.customer_id, balance: 0 })]);
  expect(theirs[0].id).not.toBe(walletId);
  expect((await othersWallets(walletId)).status).toBe(404);

  await advance(shop.call, clockId, '2025-02-20T00:00:00Z'); // the resume order spends the credit
  await eventually(async () => (await ordersOf(shop.call, subscription.customer_id)).length === 2);
  expect((await wallets(walletId)).body).toMatchObject({ balance: 0 });

  expect((await shop.call('DELETE', `/v1/subscriptions/${subscription.id}`)).status).toBe(200);
  await eventually(async () => (await wallets('')).body.items.length === 0);
  expect((await wallets(walletId)).status).toBe(404);
});
