// Saved payment methods: a checkout's confirmation records the card it saved among its customer's methods, as the
// customer's default.
import { startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

let h: TestHarness;
let shop: { id: string; call: Call };

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  const org = await h.organization([...SUBSCRIPTION_SCOPES], 'sandbox');
  shop = {
    id: org.id,
    call: (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json }),
  };
});
afterAll(async () => {
  await h?.close();
});

const product = async (amount: number) =>
  (
    await shop.call('POST', '/v1/products/', {
      name: `P${amount}`,
      prices: [{ amount_type: 'fixed', price_amount: amount }],
    })
  ).body.id as string;

test("a checkout's saved card becomes its customer's default method", async () => {
  const productId = await product(1500);
  const order = await purchase(
    h,
    shop.call,
    { products: [productId], customer_billing_address: { country: 'DE' } },
    { card: '4242424242424242' },
  );
  const store = h.env.sandbox.domains.paymentMethods;
  const [method, ...others] = await store.list(order.customer_id);
  expect(others).toEqual([]);
  expect(method).toMatchObject({ type: 'card', brand: 'visa', last4: '4242', isDefault: true, expMonth: 12 });
  expect(method.token).toMatch(/^pm_sandbox_/);
  expect(await store.defaultFor(order.customer_id)).toEqual({
    id: method.id,
    processorCustomerId: expect.stringMatching(/^cus_sandbox_/),
    token: method.token,
    type: 'card',
  });
  expect(await store.get(order.customer_id, method.id)).toEqual(await store.defaultFor(order.customer_id));
});
