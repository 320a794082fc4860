// Crashes in the middle of a purchase: a worker that dies after committing a confirmation, after the charge, and
// after writing the order, each before reporting it, still yields exactly one charge and one paid order (keys from
// workflow data, guarded writes, a confirmation that recognises its own earlier success). A confirmation whose whole
// workflow task was lost is sent again by the buyer, or the session expires uncharged.
import { confirmCheckout } from '../../src/domains/checkout';
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
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = await call('POST', '/v1/products/', {
    name: 'Course',
    prices: [{ amount_type: 'fixed', price_amount: 4900 }],
  });
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
    async () =>
      (await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items.find(
        (o: { paid: boolean }) => o.paid,
      ),
    30_000,
  );
  // The order is paid in the completion's transaction; the crash after it is reported when the step returns.
  await h.env.sandbox.temporal.workflow.getHandle(`checkout:${checkout.body.id}`).result();
  expect(crashes).toEqual(['confirm', 'charge', 'complete']);
  expect((await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.pagination.total_count).toBe(1);
  const charges = await h.env.sandbox.orm.em
    .fork()
    .execute<{ amount: number }[]>(
      "select amount from sandbox_processor_charge where idempotency_key like ? and status = 'succeeded'",
      [`checkout:${checkout.body.id}:%`],
    );
  expect(charges).toEqual([{ amount: 4900 }]);
  expect(order.total_amount).toBe(4900);
});

/**
 * A confirmation step that committed in a workflow task which was then lost (the worker killed and Temporal restarted
 * before the task was recorded): the session is stored `confirmed` while its workflow still holds it open.
 */
async function lostConfirmation() {
  const org = await h.organization(
    ['checkouts:write', 'checkouts:read', 'products:write', 'orders:read', 'test_clocks:write'],
    'sandbox',
  );
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const clock = (await call('POST', '/v1/test-clocks/', { frozen_time: '2025-05-01T09:00:00Z' })).body;
  const product = await call('POST', '/v1/products/', {
    name: 'Course',
    prices: [{ amount_type: 'fixed', price_amount: 2900 }],
  });
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: 'lost@example.com',
    customer_billing_address: { country: 'DE' },
    test_clock_id: clock.id,
  });
  const id: string = checkout.body.id;
  const flow = h.env.sandbox.temporal.workflow.getHandle(`checkout:${id}`);
  await eventually(
    () =>
      flow.describe().then(
        () => true,
        () => false,
      ),
    20_000,
    { what: 'the checkout flow started' },
  );
  await confirmCheckout(h.env.sandbox.domains.checkoutFlow, id, { confirmation_token_id: 'pm_card_visa' }, 1);
  expect((await call('GET', `/v1/checkouts/${id}`)).body.status).toBe('confirmed');
  return { id, call, clock, clientSecret: checkout.body.client_secret as string };
}

const succeededCharges = (checkoutId: string) =>
  h.env.sandbox.orm.em
    .fork()
    .execute<{ amount: number }[]>(
      "select amount from sandbox_processor_charge where idempotency_key like ? and status = 'succeeded'",
      [`checkout:${checkoutId}:%`],
    );

test('a confirmation its workflow never recorded: the buyer confirms again, and pays once', async () => {
  const { id, call, clientSecret } = await lostConfirmation();
  const again = await h.request('POST', `/v1/checkouts/client/${clientSecret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_visa' },
  });
  expect([again.status, again.body.status]).toEqual([200, 'confirmed']);
  await h.env.sandbox.temporal.workflow.getHandle(`checkout:${id}`).result();
  expect((await call('GET', `/v1/checkouts/${id}`)).body.status).toBe('succeeded');
  expect(
    (await call('GET', `/v1/orders/?checkout_id=${id}`)).body.items.map(
      (o: { paid: boolean; total_amount: number }) => [o.paid, o.total_amount],
    ),
  ).toEqual([[true, 2900]]);
  expect(await succeededCharges(id)).toEqual([{ amount: 2900 }]);
  // Once the workflow holds the confirmation, another one is refused as before.
  const late = await h.request('POST', `/v1/checkouts/client/${clientSecret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_visa' },
  });
  expect([late.status, late.body.error]).toEqual([403, 'NotOpenCheckout']);
});

test('a confirmation its workflow never recorded, and no buyer to repeat it: the session expires uncharged', async () => {
  const { id, call, clock } = await lostConfirmation();
  await call('POST', `/v1/test-clocks/${clock.id}/advance`, { frozen_time: '2025-05-01T10:00:00Z' });
  await h.env.sandbox.temporal.workflow.getHandle(`checkout:${id}`).result();
  expect((await call('GET', `/v1/checkouts/${id}`)).body.status).toBe('expired');
  expect(await succeededCharges(id)).toEqual([]);
  expect((await call('GET', `/v1/orders/?checkout_id=${id}`)).body.items).toEqual([]);
});
