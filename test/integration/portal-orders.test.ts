// The customer portal's orders, with customer session tokens: each customer sees, edits and downloads only their own
// orders (another customer's or organization's is 404 on every endpoint), and nothing beyond the portal's model.
import { randomUUID } from 'node:crypto';
import { CustomerOrder } from '../../src/contracts/portal-order';
import { CustomerOrderPaymentStatus } from '../../src/contracts/portal-order-payment-status';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { pdfText } from '../support/pdf-text';
import { advance, setCardOutcome, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { purchase } from '../support/purchases';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
const SCOPES = [...SUBSCRIPTION_SCOPES, 'orders:write', 'customer_sessions:write'] as const;
const BERLIN = { country: 'DE', line1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117' };

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
});
afterAll(() => h?.close());

async function merchant(name: string) {
  const org = await h.organization([...SCOPES], 'sandbox');
  await h.env.sandbox.orm.em.fork().execute('update organization set name = ? where id = ?', [name, org.id]);
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = async (body: Record<string, unknown>) =>
    (await call('POST', '/v1/products/', body)).body.id as string;
  return { org, call, product };
}

/** A paid order of `productId` bought by `email` through a real checkout. */
async function buy(call: Call, productId: string, email: string) {
  return purchase(h, call, {
    products: [productId],
    customer_email: email,
    customer_billing_address: { country: 'DE' },
  });
}

/** A portal client for the customer, with a token from POST /v1/customer-sessions/. */
async function portalOf(call: Call, customerId: string) {
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: customerId });
  expect(session.status).toBe(201);
  const token = session.body.token as string;
  return {
    token,
    call: ((method, path, json) =>
      h.request(method, `/v1/customer-portal${path}`, { token, environment: 'sandbox', json })) as Call,
  };
}

const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

test("each customer lists and reads only their own orders, as CustomerOrder; another's is 404 on every endpoint", async () => {
  const shop = await merchant(`Bookshop ${randomUUID().slice(0, 6)}`);
  const handbook = await shop.product({ name: 'Handbook', prices: [{ amount_type: 'fixed', price_amount: 1500 }] });
  const monthly = await shop.product({
    name: 'Monthly Digest',
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: 900 }],
  });
  const ada = [await buy(shop.call, handbook, 'ada@example.com'), await buy(shop.call, monthly, 'ada@example.com')];
  const bob = await buy(shop.call, handbook, 'bob@example.com');
  const other = await merchant('Other Shop');
  const foreign = await buy(
    other.call,
    await other.product({ name: 'Atlas', prices: [{ amount_type: 'fixed', price_amount: 800 }] }),
    'ada@example.com',
  );
  expect(ada[0].customer_id).toBe(ada[1].customer_id);
  const portal = await portalOf(shop.call, ada[0].customer_id);

  const list = await portal.call('GET', '/orders/');
  expect(list.status).toBe(200);
  expect(ids(list.body.items)).toEqual(ids(ada));
  expect(list.body.pagination).toEqual({ total_count: 2, max_page: 1 });
  for (const item of list.body.items) {
    expect(legacy(CustomerOrder).strict().parse(item)).toBeTruthy(); // every field of the model, and no other
    expect(item.product.organization).toMatchObject({
      id: shop.org.id,
      allow_customer_updates: true,
      proration_behavior: 'invoice',
      customer_portal_settings: { subscription: { update_plan: true, update_seats: true } },
    });
  }
  const recurring = list.body.items.find((o: any) => o.product_id === monthly);
  expect(recurring.subscription).toMatchObject({ id: ada[1].subscription_id, product_id: monthly });
  expect(recurring.subscription).not.toHaveProperty('metadata');
  expect(recurring.product).toMatchObject({
    name: 'Monthly Digest',
    is_recurring: true,
    prices: [{ price_amount: 900 }],
  });

  const filtered = async (query: string) => ids((await portal.call('GET', `/orders/?${query}`)).body.items);
  expect(await filtered('product_billing_type=one_time')).toEqual([ada[0].id]);
  expect(await filtered('product_billing_type=recurring')).toEqual([ada[1].id]);
  expect(await filtered(`product_id=${handbook}`)).toEqual([ada[0].id]);
  expect(await filtered(`subscription_id=${ada[1].subscription_id}`)).toEqual([ada[1].id]);
  expect(await filtered('query=digest')).toEqual([ada[1].id]);
  expect(await filtered(`query=${encodeURIComponent('bookshop')}`)).toEqual(ids(ada));
  expect(await filtered('query=atlas')).toEqual([]);
  const byAmount = await portal.call('GET', '/orders/?sorting=-amount&limit=1');
  expect([byAmount.body.items.map((o: any) => o.id), byAmount.body.pagination]).toEqual([
    [ada[0].id],
    { total_count: 2, max_page: 2 },
  ]);
  expect((await portal.call('GET', '/orders/?sorting=customer')).status).toBe(422);

  const bobs = await portalOf(shop.call, bob.customer_id);
  expect(ids((await bobs.call('GET', '/orders/')).body.items)).toEqual([bob.id]);

  const got = await portal.call('GET', `/orders/${ada[0].id}`);
  expect(got.status).toBe(200);
  expect(got.body).toEqual(list.body.items.find((o: any) => o.id === ada[0].id));
  const status = await portal.call('GET', `/orders/${ada[0].id}/payment-status`);
  expect(legacy(CustomerOrderPaymentStatus).parse(status.body)).toEqual({ status: 'succeeded', error: null });

  for (const id of [bob.id, foreign.id]) {
    for (const [method, path, body] of [
      ['GET', `/orders/${id}`, undefined],
      ['PATCH', `/orders/${id}`, { billing_name: 'Mallory' }],
      ['POST', `/orders/${id}/invoice`, undefined],
      ['GET', `/orders/${id}/invoice`, undefined],
      ['GET', `/orders/${id}/receipt`, undefined],
      ['GET', `/orders/${id}/payment-status`, undefined],
    ] as const) {
      const refused = await portal.call(method, path, body);
      expect([method, path, refused.status, refused.body.error]).toEqual([method, path, 404, 'ResourceNotFound']);
    }
  }
  expect((await shop.call('GET', `/v1/orders/${bob.id}`)).body).toMatchObject({
    billing_name: null,
    modified_at: bob.modified_at,
  });

  const orgOnPortal = await h.request('GET', '/v1/customer-portal/orders/', {
    token: shop.org.token,
    environment: 'sandbox',
  });
  expect(orgOnPortal.status).toBe(401);
  const customerOnApi = await h.request('GET', '/v1/orders/', { token: portal.token, environment: 'sandbox' });
  expect(customerOnApi.status).toBe(401);
});

test('from the portal: billing details with the API rules, then the invoice generated and downloaded as a PDF, and the receipt', async () => {
  const shop = await merchant('Handbook Shop');
  const order = await buy(
    shop.call,
    await shop.product({ name: 'Handbook', prices: [{ amount_type: 'fixed', price_amount: 1500 }] }),
    'zoe@example.com',
  );
  const portal = await portalOf(shop.call, order.customer_id);

  expect((await portal.call('GET', `/orders/${order.id}/invoice`)).status).toBe(404);
  const missing = await portal.call('POST', `/orders/${order.id}/invoice`);
  expect([missing.status, missing.body.error]).toEqual([422, 'MissingInvoiceBillingDetails']);
  const moved = await portal.call('PATCH', `/orders/${order.id}`, { billing_address: { ...BERLIN, country: 'FR' } });
  expect(moved.status).toBe(422);
  expect(moved.body.detail[0]).toMatchObject({
    loc: ['body', 'billing_address', 'country'],
    msg: 'Country cannot be changed.',
  });
  const patched = await portal.call('PATCH', `/orders/${order.id}`, {
    billing_name: 'Zoë Łukasiewicz',
    billing_address: BERLIN,
  });
  expect(patched.status).toBe(200);
  expect(legacy(CustomerOrder).strict().parse(patched.body)).toMatchObject({
    billing_name: 'Zoë Łukasiewicz',
    billing_address: BERLIN,
  });

  const requested = await portal.call('POST', `/orders/${order.id}/invoice`);
  expect(requested.status).toBe(202);
  await eventually(async () => (await portal.call('GET', `/orders/${order.id}`)).body.is_invoice_generated);
  const invoice = await portal.call('GET', `/orders/${order.id}/invoice`);
  expect(invoice.status).toBe(200);
  const pdf = Buffer.from(await (await fetch(invoice.body.url)).arrayBuffer());
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  const text = await pdfText(pdf);
  for (const expected of [order.invoice_number, 'Zoë Łukasiewicz', 'Unter den Linden 1', 'Handbook Shop'])
    expect(text).toContain(expected);

  const receipt = await eventually(async () => {
    const answer = await portal.call('GET', `/orders/${order.id}/receipt`);
    expect([200, 202]).toContain(answer.status);
    return answer.status === 200 && answer.body;
  });
  const receiptPdf = Buffer.from(await (await fetch(receipt.url)).arrayBuffer());
  expect(receiptPdf.subarray(0, 4).toString()).toBe('%PDF');
  expect(await pdfText(receiptPdf)).toContain(order.receipt_number);
});

test("a declined renewal's payment status is failed, with the next attempt, from the portal", async () => {
  const shop = await merchant('Renewals Shop');
  const { clockId, subscription } = await subscribe(h, shop.call, { price: 1200, start: '2025-03-01T00:00:00Z' });
  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  await advance(shop.call, clockId, '2025-04-01T01:00:00Z');
  const portal = await portalOf(shop.call, subscription.customer_id);
  const renewal = (await portal.call('GET', '/orders/?sorting=-created_at')).body.items[0];
  expect(renewal).toMatchObject({
    status: 'pending',
    billing_reason: 'subscription_cycle',
    next_payment_attempt_at: '2025-04-03T00:00:00.000Z',
  });
  const status = await portal.call('GET', `/orders/${renewal.id}/payment-status`);
  expect(status.status).toBe(200);
  expect(status.body).toEqual({ status: 'failed', error: expect.stringContaining('declined') });
});
