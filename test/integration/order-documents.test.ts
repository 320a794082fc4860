// Orders complete, end to end in the sandbox: invoice numbers allocated at creation (gap-free under concurrency),
// billing details edited with the reference's rules, the invoice rendered by `invoice:<orderId>` as a real PDF and
// downloaded through a signed URL, the receipt, the order list's filters and the CSV export.
import { randomUUID } from 'node:crypto';
import { Order } from '../../src/contracts/order';
import { recordHistory } from '../support/record-history';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { pdfText } from '../support/pdf-text';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { purchase } from '../support/purchases';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let receiver: Receiver;
const SCOPES = [
  'checkouts:write',
  'products:write',
  'discounts:write',
  'orders:read',
  'orders:write',
  'webhooks:write',
] as const;
const BERLIN = { country: 'DE', line1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117' };

beforeAll(async () => {
  h = await startHarness({
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    SELLER_NAME: 'Bursar Test Seller Inc.',
    SELLER_ADDRESS: '1 Market St|San Francisco, CA 94105|United States',
    SELLER_TAX_IDS: 'EU OSS VAT EU372000041',
  });
  receiver = await startReceiver();
  await h.startWorker('sandbox');
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

type Call = (method: string, path: string, json?: unknown) => Promise<{ status: number; body: any; headers: Headers }>;

async function merchant(slug = `shop-${randomUUID().slice(0, 8)}`) {
  const org = await h.organization([...SCOPES], 'sandbox');
  await h.env.sandbox.orm.em
    .fork()
    .execute('update organization set slug = ?, name = ? where id = ?', [slug, 'Handbook Shop', org.id]);
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = await call('POST', '/v1/products/', {
    name: 'Handbook',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  expect(product.status).toBe(201);
  return { org, call, productId: product.body.id as string, prefix: slug.toUpperCase() };
}

/** A paid one-time order bought through a real checkout. */
async function paidOrder(call: Call, productId: string, buyer: Record<string, unknown>) {
  return purchase(h, call, { products: [productId], ...buyer });
}

async function invoiceText(call: Call, orderId: string): Promise<string> {
  const { status, body } = await call('GET', `/v1/orders/${orderId}/invoice`);
  expect(status).toBe(200);
  const download = await fetch(body.url); // signed: no token needed
  expect(download.status).toBe(200);
  return pdfText(Buffer.from(await download.arrayBuffer()));
}

test('an invoice: numbered at creation, refused without billing details, rendered as a PDF, regenerated under the same number', async () => {
  const { call, productId, prefix } = await merchant();
  await call('POST', '/v1/webhooks/endpoints', { url: receiver.url, format: 'raw', events: ['order.updated'] });
  const order = await paidOrder(call, productId, { customer_billing_address: { country: 'DE' } });
  expect(legacy(Order).parse(order)).toBeTruthy();
  expect(order.invoice_number).toMatch(new RegExp(`^${prefix}-[A-Z]{8}-0001$`));
  expect(order.receipt_number).toMatch(/^RCPT-[A-Z]{8}-0001$/);
  expect(order.is_invoice_generated).toBe(false);

  const before = await call('GET', `/v1/orders/${order.id}/invoice`);
  expect(before.status).toBe(404);
  expect(before.body.error).toBe('ResourceNotFound');
  const missing = await call('POST', `/v1/orders/${order.id}/invoice`);
  expect(missing.status).toBe(422);
  expect(missing.body.error).toBe('MissingInvoiceBillingDetails');

  const moved = await call('PATCH', `/v1/orders/${order.id}`, { billing_address: { ...BERLIN, country: 'FR' } });
  expect(moved.status).toBe(422);
  expect(moved.body.detail[0]).toMatchObject({
    loc: ['body', 'billing_address', 'country'],
    msg: 'Country cannot be changed.',
  });
  const patched = await call('PATCH', `/v1/orders/${order.id}`, {
    billing_name: 'Zoë Łukasiewicz',
    billing_address: BERLIN,
  });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({
    billing_name: 'Zoë Łukasiewicz',
    billing_address: BERLIN,
    invoice_number: order.invoice_number,
  });
  const stateChange = await call('PATCH', `/v1/orders/${order.id}`, { billing_address: { ...BERLIN, state: 'BE' } });
  expect(stateChange.status).toBe(422);

  const requested = await call('POST', `/v1/orders/${order.id}/invoice`);
  expect(requested.status).toBe(202);
  expect(requested.headers.get('content-type')).toMatch(/^application\/json/);
  expect(requested.body).toMatchObject({ order_id: order.id, status: 'generating' });
  const generated = await eventually(async () => {
    const { body } = await call('GET', `/v1/orders/${order.id}`);
    return body.is_invoice_generated && body;
  });
  const text = await invoiceText(call, order.id);
  for (const expected of [
    'Invoice',
    order.invoice_number,
    'Bursar Test Seller Inc.',
    '1 Market St',
    'EU372000041',
    'Handbook Shop',
    'Zoë Łukasiewicz',
    'Unter den Linden 1',
    '10117 Berlin',
    'Germany',
    'Handbook',
    'VAT (Germany)',
    '19%',
    'USD 12.61',
    'USD 2.39',
    'USD 15.00',
  ])
    expect(text).toContain(expected);
  await eventually(async () =>
    receiver.received.some(
      (r) => r.json.type === 'order.updated' && r.json.data.id === order.id && r.json.data.is_invoice_generated,
    ),
  );

  // Unchanged details: nothing to do. Changed ones: rendered again, same number.
  const again = await call('POST', `/v1/orders/${order.id}/invoice`);
  expect(again.body.status).toBe('generated');
  expect((await call('GET', `/v1/orders/${order.id}`)).body.modified_at).toBe(generated.modified_at);
  await call('PATCH', `/v1/orders/${order.id}`, { billing_name: 'Handbook Readers GmbH' });
  expect((await call('POST', `/v1/orders/${order.id}/invoice`)).body.status).toBe('generating');
  const renamed = await eventually(async () => {
    const next = await invoiceText(call, order.id);
    return next.includes('Handbook Readers GmbH') && next;
  });
  expect(renamed).toContain(order.invoice_number);
  await recordHistory(h.env.sandbox, `invoice:${order.id}`, 'invoice-generated', { finished: true });
});

test('a reverse-charge invoice states it, and void orders get none', async () => {
  const { call, productId } = await merchant();
  const order = await paidOrder(call, productId, {
    is_business_customer: true,
    customer_billing_name: 'ACME GmbH',
    customer_tax_id: 'DE136695976',
    customer_billing_address: BERLIN,
  });
  expect(order).toMatchObject({ tax_amount: 0, total_amount: 1500 });
  expect((await call('POST', `/v1/orders/${order.id}/invoice`)).status).toBe(202);
  const text = await eventually(
    async () => (await call('GET', `/v1/orders/${order.id}`)).body.is_invoice_generated && invoiceText(call, order.id),
  );
  expect(text).toContain('(0% Reverse Charge)');
  expect(text).toContain('Reverse charge');
  expect(text).toContain('DE136695976');
  expect(text).toContain('USD 15.00');

  await h.env.sandbox.orm.em.fork().execute(`update "order" set status = 'void' where id = ?`, [order.id]);
  const refused = await call('POST', `/v1/orders/${order.id}/invoice`);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe('OrderNotEligibleForInvoice');
});

test('a discounted order: the invoice shows the discount as a deduction and the totals after it', async () => {
  const { call, productId } = await merchant();
  const discount = await call('POST', '/v1/discounts/', {
    type: 'fixed',
    amount: 500,
    currency: 'usd',
    duration: 'once',
    name: 'Launch',
  });
  expect(discount.status).toBe(201);
  const order = await paidOrder(call, productId, {
    discount_id: discount.body.id,
    customer_billing_name: 'Ada Reader',
    customer_billing_address: {
      country: 'US',
      state: 'NY',
      line1: '1 Main St',
      city: 'New York',
      postal_code: '10001',
    },
  });
  expect(order).toMatchObject({ subtotal_amount: 1500, discount_amount: 500, net_amount: 1000 });
  expect((await call('POST', `/v1/orders/${order.id}/invoice`)).status).toBe(202);
  const text = await eventually(
    async () => (await call('GET', `/v1/orders/${order.id}`)).body.is_invoice_generated && invoiceText(call, order.id),
  );
  expect(text).toMatch(/Discount\s+USD -5\.00/);
  expect(text).toMatch(/Subtotal\s+USD 15\.00/);
  expect(text).toContain(`USD ${(order.total_amount / 100).toFixed(2)}`);
});

test('the receipt: 202 while it renders, then a signed URL of the PDF', async () => {
  const { call, productId } = await merchant();
  const order = await paidOrder(call, productId, { customer_billing_address: BERLIN, customer_name: 'Ada Reader' });
  const first = await call('GET', `/v1/orders/${order.id}/receipt`);
  expect(first.status).toBe(202);
  const ready = await eventually(async () => {
    const response = await call('GET', `/v1/orders/${order.id}/receipt`);
    return response.status === 200 && response.body;
  });
  const text = await pdfText(Buffer.from(await (await fetch(ready.url)).arrayBuffer()));
  expect(text).toContain('Receipt');
  expect(text).toContain(order.receipt_number);
  expect(text).toContain(order.invoice_number);
  expect(text).toContain('USD 15.00');
});

test('invoice numbers stay gap-free and unique across 50 orders paid concurrently (per organization numbering)', async () => {
  const { org, call, productId, prefix } = await merchant();
  await h.env.sandbox.orm.em
    .fork()
    .execute(`update organization set invoice_numbering = 'organization' where id = ?`, [org.id]);
  const orders = await Promise.all(
    Array.from({ length: 50 }, () => paidOrder(call, productId, { customer_billing_address: { country: 'DE' } })),
  );
  const numbers = orders.map((o) => o.invoice_number).sort();
  expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}`));
}, 120_000);

test("per-customer numbering counts each customer's invoices on its own", async () => {
  const { call, productId, prefix } = await merchant();
  const email = `repeat-${randomUUID()}@example.com`;
  const first = await paidOrder(call, productId, {
    customer_email: email,
    customer_billing_address: { country: 'DE' },
  });
  const second = await paidOrder(call, productId, {
    customer_email: email,
    customer_billing_address: { country: 'DE' },
  });
  const other = await paidOrder(call, productId, { customer_billing_address: { country: 'DE' } });
  const code = first.invoice_number.split('-').at(-2);
  expect([first.invoice_number, second.invoice_number]).toEqual([`${prefix}-${code}-0001`, `${prefix}-${code}-0002`]);
  expect(other.invoice_number).toMatch(/-0001$/);
  expect(other.invoice_number).not.toContain(code);
  expect(second.receipt_number).toBe(`RCPT-${code}-0002`);
});

test('the order list filters and sorts; the export streams every order as CSV', async () => {
  const { org, call, productId } = await merchant();
  const other = await call('POST', '/v1/products/', {
    name: '=HYPERLINK("x")',
    prices: [{ amount_type: 'fixed', price_amount: 900 }],
  });
  const a = await paidOrder(call, productId, {
    customer_billing_address: { country: 'DE' },
    external_customer_id: `ext-${randomUUID()}`,
  });
  const b = await paidOrder(call, other.body.id, { customer_billing_address: { country: 'DE' } });

  const byExternal = await call('GET', `/v1/orders/?external_customer_id=${a.customer.external_id}`);
  expect(byExternal.body.items.map((o: any) => o.id)).toEqual([a.id]);
  const oneTime = await call('GET', '/v1/orders/?product_billing_type=one_time&sorting=-amount');
  expect(oneTime.body.items.map((o: any) => o.id)).toEqual([a.id, b.id]);
  expect((await call('GET', '/v1/orders/?product_billing_type=recurring')).body.items).toEqual([]);
  const byProduct = (await call('GET', '/v1/orders/?sorting=product')).body.items.map((o: any) => o.id);
  expect((await call('GET', '/v1/orders/?sorting=-product')).body.items.map((o: any) => o.id)).toEqual(
    [...byProduct].reverse(),
  );
  expect((await call('GET', '/v1/orders/?sorting=invoice_number')).status).toBe(200);

  const exported = await fetch(`${h.url.sandbox}/v1/orders/export`, {
    headers: { authorization: `Bearer ${org.token}` },
  });
  expect(exported.status).toBe(200);
  expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(exported.headers.get('content-disposition')).toContain('orders.csv');
  const lines = (await exported.text()).trim().split('\n');
  expect(lines[0]).toMatch(/^id,created_at,status,billing_reason,invoice_number,receipt_number,email,customer_name/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(a.invoice_number);
  expect(lines[2]).toContain(`'=HYPERLINK`); // a formula is exported as text
  const filtered = await fetch(`${h.url.sandbox}/v1/orders/export?product_id=${other.body.id}`, {
    headers: { authorization: `Bearer ${org.token}` },
  });
  expect((await filtered.text()).trim().split('\n')).toHaveLength(2);
});
