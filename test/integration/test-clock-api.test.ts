// Test clocks through the API: CRUD in the sandbox, refused in production, customers attached at creation, and a
// checkout's expiry following its clock, and advances and deletes serialized by the clock's workflow.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { SUBSCRIPTION_SCOPES, advance, ordersOf, sandboxCaller, subscribe, type Call } from '../support/subscriptions';

let h: TestHarness;
let call: Call;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  call = await sandboxCaller(h);
});
afterAll(() => h.close());

test('create, get, list, advance forward only, delete', async () => {
  const created = await call('POST', '/v1/test-clocks/', { name: 'Year one', frozen_time: '2025-01-01T00:00:00Z' });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ name: 'Year one', frozen_time: '2025-01-01T00:00:00.000Z', status: 'ready' });
  const { id } = created.body;
  expect((await call('GET', `/v1/test-clocks/${id}`)).body.id).toBe(id);
  expect((await call('GET', '/v1/test-clocks/')).body.items.map((c: any) => c.id)).toContain(id);

  await advance(call, id, '2025-03-01T00:00:00Z');
  const backwards = await call('POST', `/v1/test-clocks/${id}/advance`, { frozen_time: '2025-02-01T00:00:00Z' });
  expect(backwards.status).toBe(422);
  expect(backwards.body.detail[0].loc).toEqual(['body', 'frozen_time']);
  expect((await call('POST', `/v1/test-clocks/${id}/advance`, { frozen_time: 'tomorrow' })).status).toBe(422);
  const decades = await call('POST', `/v1/test-clocks/${id}/advance`, { frozen_time: '2199-01-01T00:00:00Z' });
  expect(decades.status).toBe(422);
  expect(decades.body.detail[0].msg).toMatch(/at most 1827 days per advance/);

  expect((await call('DELETE', `/v1/test-clocks/${id}`)).status).toBe(204);
  expect((await call('GET', `/v1/test-clocks/${id}`)).status).toBe(404);
  expect((await call('POST', `/v1/test-clocks/${id}/advance`, { frozen_time: '2026-01-01T00:00:00Z' })).status).toBe(
    404,
  );
});

test('production refuses test clocks', async () => {
  const org = await h.organization([...SUBSCRIPTION_SCOPES], 'production');
  const production = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, json });
  const refused = await production('POST', '/v1/test-clocks/', { frozen_time: '2025-01-01T00:00:00Z' });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe('NotPermitted');
  expect((await production('GET', '/v1/test-clocks/')).status).toBe(403);
  const customer = await production('POST', '/v1/customers/', {
    email: 'prod@example.com',
    test_clock_id: '00000000-0000-4000-8000-000000000000',
  });
  expect(customer.status).toBe(422);
  expect(customer.body.detail[0].loc).toEqual(['body', 'test_clock_id']);
});

test('customers attach to a clock when created; their checkout expires on the clock, not on wall time', async () => {
  const clock = (await call('POST', '/v1/test-clocks/', { frozen_time: '2025-05-01T09:00:00Z' })).body;
  const customer = await call('POST', '/v1/customers/', {
    email: 'clocked@example.com',
    name: 'Clocked',
    test_clock_id: clock.id,
    billing_address: { country: 'FR' },
  });
  expect(customer.status).toBe(201);
  expect(customer.body).toMatchObject({
    email: 'clocked@example.com',
    test_clock_id: clock.id,
    billing_address: { country: 'FR' },
  });
  expect((await call('POST', '/v1/customers/', { email: 'CLOCKED@example.com' })).status).toBe(422);
  expect(
    (
      await call('POST', '/v1/customers/', {
        email: 'other@example.com',
        test_clock_id: '00000000-0000-4000-8000-000000000000',
      })
    ).status,
  ).toBe(422);

  const product = (
    await call('POST', '/v1/products/', { name: 'Guide', prices: [{ amount_type: 'fixed', price_amount: 900 }] })
  ).body;
  const checkout = await call('POST', '/v1/checkouts/', { products: [product.id], customer_id: customer.body.id });
  expect(checkout.status).toBe(201);
  expect(checkout.body.expires_at).toBe('2025-05-01T10:00:00.000Z');
  const open = await h.request('GET', `/v1/checkouts/client/${checkout.body.client_secret}`, {
    environment: 'sandbox',
  });
  expect(open.status).toBe(200); // wall time is long past 10:00 that day; the clock's time is what counts

  await advance(call, clock.id, '2025-05-01T09:59:00Z');
  expect((await call('GET', `/v1/checkouts/${checkout.body.id}`)).body.status).toBe('open');
  await advance(call, clock.id, '2025-05-01T10:00:00Z');
  expect((await call('GET', `/v1/checkouts/${checkout.body.id}`)).body.status).toBe('expired');
});

test('an advance and a delete sent together run one after the other; two deletes delete once', async () => {
  const { clockId, subscription } = await subscribe(h, call, { price: 1300, start: '2025-02-10T00:00:00Z' });
  await eventually(async () => (await ordersOf(call, subscription.customer_id))[0]?.paid);
  const [advanced, deleted] = await Promise.all([
    call('POST', `/v1/test-clocks/${clockId}/advance`, { frozen_time: '2025-03-11T00:00:00Z' }),
    call('DELETE', `/v1/test-clocks/${clockId}`),
  ]);
  expect(deleted.status).toBe(204);
  expect([200, 404]).toContain(advanced.status); // before or after the delete, never during it
  const renewals = (await ordersOf(call, subscription.customer_id)).filter(
    (order) => order.billing_reason === 'subscription_cycle',
  );
  expect(renewals).toHaveLength(advanced.status === 200 ? 1 : 0);
  expect((await call('GET', `/v1/test-clocks/${clockId}`)).status).toBe(404);

  const other = (await call('POST', '/v1/test-clocks/', { frozen_time: '2025-01-01T00:00:00Z' })).body;
  const statuses = (
    await Promise.all([call('DELETE', `/v1/test-clocks/${other.id}`), call('DELETE', `/v1/test-clocks/${other.id}`)])
  ).map((r) => r.status);
  expect(statuses.sort()).toEqual([204, 404]);
});
