// Payments in the sandbox: every charge attempt a real worker makes is one payment — a checkout purchase, a declined
// attempt then a success, a renewal on a test clock and its declined retry — listed, filtered, sorted and paged over
// HTTP, and each one matching the processor's own charge (one row per idempotency key, the same status and amount).
import { randomUUID } from 'node:crypto';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { advance, ordersOf, setCardOutcome, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

let h: TestHarness;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
});
afterAll(() => h.close());

async function merchant(): Promise<{ call: Call; productId: string }> {
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'payments:read'], 'sandbox');
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = await call('POST', '/v1/products/', {
    name: 'Course',
    prices: [{ amount_type: 'fixed', price_amount: 11_900 }],
  });
  expect(product.status).toBe(201);
  return { call, productId: product.body.id };
}

const listOf = async (call: Call, query: string) => {
  const page = await call('GET', `/v1/payments/?${query}`);
  expect(page.status).toBe(200);
  return page.body;
};

/** Every charge the sandbox processor made for these keys has exactly one payment with its status and amount. */
async function expectOnePaymentPerCharge(keyPrefix: string) {
  const rows = await h.env.sandbox.orm.em.fork().execute<{ key: string; charge: string; payment: string | null }[]>(
    `select c.idempotency_key as key, c.status || ':' || c.amount as charge,
       (select string_agg(p.status || ':' || p.amount, ',') from payment p where p.idempotency_key = c.idempotency_key)
         as payment
     from sandbox_processor_charge c where c.idempotency_key like ?`,
    [`${keyPrefix}%`],
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.payment).toBe(row.charge);
}

test('a checkout purchase is one succeeded card payment, linked to its checkout and order', async () => {
  const { call, productId } = await merchant();
  const email = `buyer-${randomUUID()}@example.com`;
  const order = await purchase(h, call, {
    products: [productId],
    customer_email: email,
    customer_billing_address: { country: 'DE' },
  });
  const page = await listOf(call, `checkout_id=${order.checkout_id}`);
  expect(page.pagination).toEqual({ total_count: 1, max_page: 1 });
  const [payment] = page.items;
  expect(payment).toMatchObject({
    processor: 'stripe',
    status: 'succeeded',
    amount: order.total_amount,
    currency: 'usd',
    method: 'card',
    method_metadata: { brand: 'visa', last4: '4242' },
    trigger: 'purchase',
    decline_reason: null,
    decline_message: null,
    checkout_id: order.checkout_id,
    order_id: order.id,
  });
  expect((await call('GET', `/v1/payments/${payment.id}`)).body).toEqual(payment);
  expect((await listOf(call, `customer_email=${email.toUpperCase()}`)).items.map((p: any) => p.id)).toEqual([
    payment.id,
  ]);
  expect((await listOf(call, `customer_id=${order.customer_id}`)).pagination.total_count).toBe(1);
  await expectOnePaymentPerCharge(`checkout:${order.checkout_id}:`);
  // Another organization's payment does not exist for this one.
  const other = await merchant();
  expect((await other.call('GET', `/v1/payments/${payment.id}`)).status).toBe(404);
});

test('a declined attempt then a success: two payments, the first failed with its decline reason', async () => {
  const { call, productId } = await merchant();
  const created = await call('POST', '/v1/checkouts/', {
    products: [productId],
    customer_email: `buyer-${randomUUID()}@example.com`,
    customer_billing_address: { country: 'DE' },
  });
  const confirm = (token: string) =>
    h.request('POST', `/v1/checkouts/client/${created.body.client_secret}/confirm`, {
      environment: 'sandbox',
      json: { confirmation_token_id: token },
    });
  expect((await confirm('pm_card_chargeDeclinedInsufficientFunds')).status).toBe(200);
  await eventually(async () => {
    const r = await call('GET', `/v1/checkouts/${created.body.id}`);
    return r.body.status === 'open' && r.body.payment_error;
  });
  // The decline is already a payment while the customer tries again, not yet tied to an order.
  const failed = (await listOf(call, `checkout_id=${created.body.id}&status=failed`)).items;
  expect(failed).toEqual([
    expect.objectContaining({
      status: 'failed',
      decline_reason: 'insufficient_funds',
      decline_message: 'Your card has insufficient funds.',
      method_metadata: { brand: 'visa', last4: '9995' },
      order_id: null,
    }),
  ]);
  expect((await confirm('pm_card_visa')).status).toBe(200);
  const order = await eventually(async () => {
    const [o] = (await call('GET', `/v1/orders/?checkout_id=${created.body.id}`)).body.items;
    return o?.paid && o;
  });
  const both = (await listOf(call, `checkout_id=${created.body.id}&sorting=status`)).items;
  expect(both.map((p: any) => [p.status, p.order_id, p.decline_reason])).toEqual([
    ['failed', null, 'insufficient_funds'],
    ['succeeded', order.id, null],
  ]);
  await expectOnePaymentPerCharge(`checkout:${created.body.id}:`);
});

test('renewals on a test clock: the cycle payment, then a declined one and dunning retries', async () => {
  const { call } = await merchant();
  const { clockId, subscription } = await subscribe(h, call, { price: 1000, start: '2026-01-10T12:00:00Z' });
  await advance(call, clockId, '2026-02-11T12:00:00Z');
  const [, renewal] = await ordersOf(call, subscription.customer_id);
  const cycle = await eventually(async () => (await listOf(call, `order_id=${renewal.id}`)).items[0]);
  expect(cycle).toMatchObject({ status: 'succeeded', trigger: 'subscription_cycle', amount: renewal.total_amount });
  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  await advance(call, clockId, '2026-03-11T12:00:00Z');
  const [, , unpaid] = await ordersOf(call, subscription.customer_id);
  await advance(call, clockId, '2026-03-20T12:00:00Z'); // past the first dunning retry
  const attempts = await eventually(async () => {
    const items = (await listOf(call, `order_id=${unpaid.id}&sorting=created_at`)).items;
    return items.length >= 2 && items;
  });
  expect(attempts.map((p: any) => [p.status, p.trigger, p.decline_reason])).toEqual(
    attempts.map((_: unknown, i: number) => [
      'failed',
      i ? 'retry_dunning' : 'subscription_cycle',
      'insufficient_funds',
    ]),
  );
  await expectOnePaymentPerCharge(`order:${unpaid.id}:`);
  await expectOnePaymentPerCharge(`order:${renewal.id}:`);
});

test('filters, sorting and pagination', async () => {
  const { call, productId } = await merchant();
  const cheap = (
    await call('POST', '/v1/products/', { name: 'Cheap', prices: [{ amount_type: 'fixed', price_amount: 500 }] })
  ).body.id;
  await purchase(h, call, { products: [productId], customer_billing_address: { country: 'DE' } });
  await purchase(h, call, { products: [cheap], customer_billing_address: { country: 'DE' } });
  await purchase(h, call, { products: [productId], customer_billing_address: { country: 'DE' } });
  const byAmount = await listOf(call, 'sorting=amount&limit=2');
  expect(byAmount.pagination).toEqual({ total_count: 3, max_page: 2 });
  expect(byAmount.items.map((p: any) => p.amount)).toEqual([500, 11_900]);
  const page2 = await listOf(call, 'sorting=amount&limit=2&page=2');
  expect(page2.items.map((p: any) => p.amount)).toEqual([11_900]);
  const newest = await listOf(call, 'sorting=-amount&sorting=-created_at');
  expect(newest.items.map((p: any) => p.amount)).toEqual([11_900, 11_900, 500]);
  expect((await listOf(call, 'method=card&status=succeeded')).pagination.total_count).toBe(3);
  expect((await listOf(call, 'method=sepa_debit')).pagination.total_count).toBe(0);
  expect((await listOf(call, 'status=failed')).pagination.total_count).toBe(0);
  expect((await call('GET', '/v1/payments/?status=refunded')).status).toBe(422);
  expect((await call('GET', '/v1/payments/?sorting=customer')).status).toBe(422);
  expect((await call('GET', `/v1/payments/${randomUUID()}`)).status).toBe(404);
});
