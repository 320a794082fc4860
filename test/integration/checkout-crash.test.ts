// Crashes in the middle of a purchase: a worker that dies after committing a confirmation, after the charge, and
// after writing the order, each before reporting it, still yields exactly one charge and one paid order (keys from
// workflow data, guarded writes, a confirmation that recognises its own earlier success).
import { crashOnce } from '../support/crash';
import { startHarness, eventually, type TestHarness } from '../support/harness';

let h: TestHarness;
const crashes: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox', (real) => ({
    ...real,
    confirmCheckout: crashOnce(crashes, 'confirm', real.confirmCheckout),
    chargeCheckout: crashOnce(crashes, 'charge', real.chargeCheckout),
    completeCheckout: crashOnce(crashes, 'complete', real.completeCheckout),
  }));
});
afterAll(() => h.close());

test('one charge and one paid order despite crashes after confirming, after charging and after writing the order', async () => {
  const org = await h.organization(['checkouts:write', 'checkouts:read', 'products:write', 'orders:read'], 'sandbox');
  const call = (method: string, path: string, json?: unknown) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = await call('POST', '/v1/products/', { name: 'Course', prices: [{ amount_type: 'fixed', price_amount: 4900 }] });
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: 'crash@example.com',
    customer_billing_address: { country: 'DE' },
  });
  const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_visa' },
  });
  expect(confirmed.status).toBe(200);

  const order = await eventually(
    async () => (await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items.find((o: { paid: boolean }) => o.paid),
    30_000,
  );
  // The order is paid in the completion's transaction; the crash after it is reported when the step returns.
  await h.env.sandbox.temporal.workflow.getHandle(`checkout:${checkout.body.id}`).result();
  expect(crashes).toEqual(['confirm', 'charge', 'complete']);
  expect((await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.pagination.total_count).toBe(1);
  const charges = await h.env.sandbox.orm.em
    .fork()
    .execute<{ amount: number }[]>("select amount from sandbox_processor_charge where idempotency_key like ? and status = 'succeeded'", [
      `checkout:${checkout.body.id}:%`,
    ]);
  expect(charges).toEqual([{ amount: 4900 }]);
  expect(order.total_amount).toBe(4900);
});
