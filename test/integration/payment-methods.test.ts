// Saved payment methods: a checkout's confirmation records the card it saved as the customer's default; the merchant
// lists them; the portal adds (at once, or after the customer authenticates), sets the default, and removes — and the
// customer's subscription renews on the method it was moved to.
import { startHarness, eventually, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { advance, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

let h: TestHarness;
let shop: Call;
let stranger: Call;

const caller = async (): Promise<Call> => {
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'customer_sessions:write'], 'sandbox');
  return (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
};

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  [shop, stranger] = [await caller(), await caller()];
});
afterAll(async () => {
  await h?.close();
});

async function portalOf(call: Call, customerId: string): Promise<Call> {
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: customerId });
  expect(session.status).toBe(201);
  return (method, path, json) =>
    h.request(method, `/v1/customer-portal/customers/me${path}`, {
      token: session.body.token,
      environment: 'sandbox',
      headers: { 'polar-version': '2026-10' },
      json,
    });
}

const add = (portal: Call, card: string, setDefault: boolean) =>
  portal('POST', '/payment-methods', {
    confirmation_token_id: card,
    set_default: setDefault,
    return_url: 'https://shop.example/back',
  });

/** The sandbox charges of the subscription's renewals, by the token they charged. */
async function chargedTokens(): Promise<string[]> {
  const em = h.env.sandbox.orm.em.fork();
  return (
    await em.execute<{ payment_method: string }[]>(
      'select payment_method from sandbox_processor_charge order by created_at',
    )
  ).map((r) => r.payment_method);
}

test("a checkout's saved card becomes its customer's default method, listed by id and by external id", async () => {
  const product = await shop('POST', '/v1/products/', {
    name: 'Mug',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  const order = await purchase(
    h,
    shop,
    { products: [product.body.id], customer_billing_address: { country: 'DE' }, external_customer_id: 'crm-7' },
    { card: '4242424242424242' },
  );
  const listed = await shop('GET', `/v1/customers/${order.customer_id}/payment-methods`);
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual({
    items: [
      {
        id: expect.any(String),
        created_at: expect.any(String),
        modified_at: null,
        processor: 'stripe',
        customer_id: order.customer_id,
        type: 'card',
        method_metadata: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number), wallet: null },
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number), wallet: null },
        is_default: true,
        default: true,
      },
    ],
    pagination: { total_count: 1, max_page: 1 },
  });
  expect((await shop('GET', '/v1/customers/external/crm-7/payment-methods')).body).toEqual(listed.body);
  expect((await shop('GET', `/v1/customers/${order.customer_id}`)).body.default_payment_method_id).toBe(
    listed.body.items[0].id,
  );
  // The port other domains charge through.
  const store = h.env.sandbox.domains.paymentMethods;
  expect(await store.defaultFor(order.customer_id)).toEqual({
    id: listed.body.items[0].id,
    processorCustomerId: expect.stringMatching(/^cus_sandbox_/),
    token: expect.stringMatching(/^pm_sandbox_/),
    type: 'card',
  });
  // Another organization does not see the customer at all.
  expect((await stranger('GET', `/v1/customers/${order.customer_id}/payment-methods`)).status).toBe(404);
  expect((await stranger('GET', '/v1/customers/external/crm-7/payment-methods')).status).toBe(404);
});

test('the portal adds, authenticates, defaults and removes methods; the subscription renews on its new default', async () => {
  const { clockId, subscription } = await subscribe(h, shop, { price: 1000, start: '2026-01-10T00:00:00Z' });
  const customerId = subscription.customer_id as string;
  const portal = await portalOf(shop, customerId);
  const [original] = (await portal('GET', '/payment-methods')).body.items;
  expect(original).toMatchObject({ is_default: true, method_metadata: { last4: '4242' } });

  // A card the processor refuses to set up.
  const declined = await add(portal, '4000000000000002', true);
  expect(declined.status).toBe(400);
  expect(declined.body).toMatchObject({ error: 'PaymentMethodSetupFailed', detail: 'Your card was declined.' });

  // A 3-D Secure card: the customer must authenticate, then the setup is confirmed and becomes the default.
  const pending = await add(portal, '4000002500003155', true);
  expect(pending.status).toBe(201);
  expect(pending.body).toEqual({ status: 'requires_action', client_secret: expect.stringMatching(/^seti_.+_secret_/) });
  expect((await portal('GET', '/payment-methods')).body.items).toHaveLength(1);
  const setupIntentId = pending.body.client_secret.split('_secret_')[0];
  const unknown = await portal('POST', '/payment-methods/confirm', {
    setup_intent_id: 'seti_unknown',
    set_default: true,
  });
  expect(unknown.status).toBe(403);
  expect(unknown.body.error).toBe('CustomerNotReady');
  const confirmed = await portal('POST', '/payment-methods/confirm', {
    setup_intent_id: setupIntentId,
    set_default: true,
  });
  expect(confirmed.status).toBe(201);
  expect(confirmed.body).toMatchObject({
    status: 'succeeded',
    payment_method: { type: 'card', is_default: true, method_metadata: { brand: 'visa', last4: '3155' } },
  });
  const authenticated = confirmed.body.payment_method.id;
  const again = await portal('POST', '/payment-methods/confirm', { setup_intent_id: setupIntentId, set_default: true });
  expect(again.body.payment_method.id).toBe(authenticated); // confirming twice saves it once
  const listed = (await portal('GET', '/payment-methods')).body;
  expect(listed.items.map((m: any) => [m.id, m.is_default])).toEqual([
    [authenticated, true],
    [original.id, false],
  ]);
  expect((await portal('GET', '')).body.default_payment_method_id).toBe(authenticated);

  // A card added without set_default stays a spare.
  const spare = await add(portal, 'pm_card_visa', false);
  expect(spare.status).toBe(201);
  expect(spare.body.payment_method).toMatchObject({ is_default: false, method_metadata: { last4: '4242' } });

  // The renewal charges the new default, 3155.
  const before = (await chargedTokens()).length;
  await advance(shop, clockId, '2026-02-10T00:00:01Z');
  await eventually(
    async () => (await shop('GET', `/v1/orders/?subscription_id=${subscription.id}`)).body.items.length === 2,
  );
  const store = h.env.sandbox.domains.paymentMethods;
  const tokenOf = async (id: string) => (await store.get(customerId, id))!.token;
  expect((await chargedTokens()).slice(before)).toEqual([await tokenOf(authenticated)]);

  // Removing the default the subscription is charged with moves both to the newest other method (the spare).
  const spareToken = await tokenOf(spare.body.payment_method.id);
  expect((await portal('DELETE', `/payment-methods/${authenticated}`)).status).toBe(204);
  expect((await portal('GET', '/payment-methods')).body.items.map((m: any) => [m.id, m.is_default])).toEqual([
    [spare.body.payment_method.id, true],
    [original.id, false],
  ]);
  expect((await portal('DELETE', `/payment-methods/${authenticated}`)).status).toBe(404);
  // The customer picks the original card as default again (PATCH me), then removes the spare.
  const patched = await portal('PATCH', '', { default_payment_method_id: original.id });
  expect(patched.status).toBe(200);
  expect(patched.body.default_payment_method_id).toBe(original.id);
  expect((await portal('DELETE', `/payment-methods/${spare.body.payment_method.id}`)).status).toBe(204);
  // The last method a running subscription needs cannot be removed.
  const last = await portal('DELETE', `/payment-methods/${original.id}`);
  expect(last.status).toBe(400);
  expect(last.body.error).toBe('PaymentMethodInUseByActiveSubscription');

  // The next renewal charges the original card.
  const mid = (await chargedTokens()).length;
  await advance(shop, clockId, '2026-03-10T00:00:01Z');
  await eventually(
    async () => (await shop('GET', `/v1/orders/?subscription_id=${subscription.id}`)).body.items.length === 3,
  );
  expect((await chargedTokens()).slice(mid)).toEqual([await tokenOf(original.id)]);
  expect(spareToken).not.toBe(await tokenOf(original.id));

  // Another customer of the same organization sees none of these, and cannot remove them.
  const other = await shop('POST', '/v1/customers/', { email: `other-${clockId}@example.com` });
  const otherPortal = await portalOf(shop, other.body.id);
  expect((await otherPortal('GET', '/payment-methods')).body).toEqual({
    items: [],
    pagination: { total_count: 0, max_page: 0 },
  });
  expect((await otherPortal('DELETE', `/payment-methods/${original.id}`)).status).toBe(404);
  expect((await otherPortal('PATCH', '', { default_payment_method_id: original.id })).status).toBe(422);
});
