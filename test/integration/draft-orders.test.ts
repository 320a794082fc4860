// Draft orders paid now: created by the API, finalized (numbered, taxed, invoiced, a pay link e-mailed), paid through
// the pay link or the portal's confirm-payment; and a past-due renewal paid now, which ends its dunning.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { waitForMail } from '../support/mail-catcher';
import { pdfText } from '../support/pdf-text';
import { recordHistory } from '../support/record-history';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import {
  advance,
  getSubscription,
  ordersOf,
  setCardOutcome,
  subscribe,
  SUBSCRIPTION_SCOPES,
  type Call,
} from '../support/subscriptions';

let h: TestHarness;
let call: Call;
let legacy: Call;
let other: Call;
let receiver: Receiver;
let product: any;

const caller = async (scopes: string[], headers: Record<string, string> = {}) => {
  const org = await h.organization(scopes as any, 'sandbox');
  const make =
    (token: string, fixed: Record<string, string>): Call =>
    (method, path, json, extra) =>
      h.request(method, path, { token, environment: 'sandbox', json, headers: { ...fixed, ...extra } });
  return { org, call: make(org.token, { 'Polar-Version': '2026-10', ...headers }), legacy: make(org.token, {}) };
};

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  const scopes = [...SUBSCRIPTION_SCOPES, 'orders:write', 'customer_sessions:write'];
  ({ call, legacy } = await caller(scopes));
  ({ call: other } = await caller(scopes));
  receiver = await startReceiver();
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['order.created', 'order.updated', 'order.paid', 'subscription.active', 'subscription.past_due'],
  });
  expect(endpoint.status).toBe(201);
  product = (
    await call('POST', '/v1/products/', { name: 'Consulting', prices: [{ amount_type: 'fixed', price_amount: 11900 }] })
  ).body;
});
afterAll(async () => {
  await receiver?.close();
  await h.close();
});

const newCustomer = async (email: string, country = 'DE') =>
  (
    await call('POST', '/v1/customers/', {
      email,
      name: 'Ada Lovelace',
      billing_address: { country, line1: '1 Main St', city: 'Berlin', postal_code: '10115' },
    })
  ).body;
const eventsFor = (orderId: string) =>
  receiver.received.filter((r) => r.json.data.id === orderId).map((r) => `${r.json.type}:${r.json.data.status}`);
const payLinkOf = async (email: string, subject: RegExp) => {
  const mail = await waitForMail(email, (m) => subject.test(m.subject));
  const url = /https?:\/\/\S+\/pay\/(\S+)/.exec(mail.text);
  expect(url).not.toBeNull();
  return url![1];
};
const portal = async (customerId: string): Promise<Call> => {
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: customerId });
  expect(session.status).toBe(201);
  return (method, path, json) =>
    h.request(method, path, {
      token: session.body.token,
      environment: 'sandbox',
      json,
      headers: { 'Polar-Version': '2026-10' },
    });
};

test('a draft is finalized (tax, number, invoice, pay link) and paid through its pay link', async () => {
  const customer = await newCustomer('draft-payer@example.com');
  const created = await call('POST', '/v1/orders/', {
    customer_id: customer.id,
    product_id: product.id,
    description: 'Workshop, 2 days',
    metadata: { ref: 'Q-17' },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    status: 'draft',
    invoice_number: null,
    total_amount: 11900,
    billing_reason: 'purchase',
  });
  const id = created.body.id;
  // 0.x clients do not know drafts: they never see one.
  expect((await legacy('GET', `/v1/orders/${id}`)).status).toBe(404);
  expect((await legacy('GET', `/v1/orders/?customer_id=${customer.id}`)).body.items).toEqual([]);
  expect((await call('GET', `/v1/orders/?customer_id=${customer.id}`)).body.items.map((o: any) => o.id)).toEqual([id]);
  expect((await call('GET', `/v1/orders/${id}/invoice`)).status).toBe(404);

  const finalized = await call('POST', `/v1/orders/${id}/finalize`, {});
  expect(finalized.status).toBe(200);
  // Germany includes 19 % VAT in the price: 11900 = 10000 + 1900.
  expect(finalized.body).toMatchObject({ status: 'pending', net_amount: 10000, tax_amount: 1900, total_amount: 11900 });
  expect(finalized.body.invoice_number).toMatch(/-0001$/);
  expect(finalized.body.items).toEqual([expect.objectContaining({ label: 'Workshop, 2 days', amount: 11900 })]);
  expect((await call('POST', `/v1/orders/${id}/finalize`, {})).body.error).toBe('OrderNotDraft');
  expect((await call('POST', `/v1/orders/${id}/finalize`, {})).status).toBe(412);

  const invoice = await eventually(async () => {
    const { status, body } = await call('GET', `/v1/orders/${id}/invoice`);
    return status === 200 && body.url;
  });
  const text = await pdfText(Buffer.from(await (await fetch(invoice)).arrayBuffer()));
  expect(text).toContain(finalized.body.invoice_number);
  expect(text).toContain('Workshop, 2 days');
  expect(text).toMatch(/19%/);

  const token = await payLinkOf(customer.email, /^Invoice /);
  const view = await h.request('GET', `/v1/customer-portal/pay-links/${token}`, { environment: 'sandbox' });
  expect(view.status).toBe(200);
  expect(view.body).toMatchObject({ payable: true, order: { id, total_amount: 11900 }, organization: {} });
  expect((await h.request('GET', `/v1/customer-portal/pay-links/${token}x`, { environment: 'sandbox' })).status).toBe(
    404,
  );

  const pay = (card: string) =>
    h.request('POST', `/v1/customer-portal/pay-links/${token}/confirm`, {
      environment: 'sandbox',
      json: { confirmation_token_id: card },
    });
  const declined = await pay('4000000000009995');
  expect(declined.status).toBe(200);
  expect(declined.body).toMatchObject({ status: 'failed', client_secret: null });
  expect(declined.body.error).toMatch(/insufficient/i);
  expect((await call('GET', `/v1/orders/${id}`)).body.status).toBe('pending');
  expect((await pay('4242424242424242')).body).toEqual({ status: 'succeeded', client_secret: null, error: null });
  const paid = (await call('GET', `/v1/orders/${id}`)).body;
  expect(paid).toMatchObject({ status: 'paid', paid: true });
  expect(paid.receipt_number).toMatch(/^RCPT-/);
  // The card that paid is kept among the customer's saved methods; the declined one is not.
  const methods = (await call('GET', `/v1/customers/${customer.id}/payment-methods`)).body.items;
  expect(methods.map((m: { card: { last4: string } }) => m.card.last4)).toEqual(['4242']);
  await recordHistory(h.env.sandbox, `order:${id}`, 'order-draft-declined-then-paid', { finished: true });
  // Paid: the link shows it, and paying again is refused.
  expect(
    (await h.request('GET', `/v1/customer-portal/pay-links/${token}`, { environment: 'sandbox' })).body.payable,
  ).toBe(false);
  expect((await pay('4242424242424242')).status).toBe(422);
  await waitForMail(customer.email, (m) => /receipt/i.test(m.subject));
  // order.created when finalized; order.updated when its invoice is rendered (pending) and when it is paid.
  await eventually(async () => eventsFor(id).length >= 4);
  const events = eventsFor(id);
  expect(events[0]).toBe('order.created:pending');
  expect(events).toContain('order.updated:pending');
  expect(events.filter((e) => e.endsWith(':paid'))).toEqual(['order.updated:paid', 'order.paid:paid']);
});

test("confirm-payment pays a customer's finalized draft; bad input and other tenants are refused", async () => {
  const customer = await newCustomer('portal-payer@example.com', 'FR');
  const { body: draft } = await call('POST', '/v1/orders/', {
    customer_id: customer.id,
    product_id: product.id,
    amount: 5000,
  });
  expect(draft.total_amount).toBe(5000);
  const customerPortal = await portal(customer.id);
  // A draft is the merchant's until finalized.
  expect((await customerPortal('GET', `/v1/customer-portal/orders/${draft.id}`)).status).toBe(404);
  expect((await other('POST', `/v1/orders/${draft.id}/finalize`, {})).status).toBe(404);
  expect((await other('GET', `/v1/orders/${draft.id}`)).status).toBe(404);
  expect((await call('POST', `/v1/orders/${draft.id}/finalize`, {})).body).toMatchObject({
    status: 'pending',
    tax_amount: 833,
  });

  const confirm = (json: unknown) =>
    customerPortal('POST', `/v1/customer-portal/orders/${draft.id}/confirm-payment`, json);
  expect((await confirm({})).status).toBe(422);
  expect((await confirm({ confirmation_token_id: 'pm_card_visa', payment_method_id: customer.id })).status).toBe(422);
  expect((await confirm({ confirmation_token_id: 'pm_card_visa' })).body).toMatchObject({ status: 'succeeded' });
  expect((await call('GET', `/v1/orders/${draft.id}`)).body.status).toBe('paid');
  expect((await confirm({ confirmation_token_id: 'pm_card_visa' })).body.error).toBe('OrderNotEligibleForRetry');
});

test('only one-time fixed, custom or free products can be drafted', async () => {
  const customer = await newCustomer('drafts-refused@example.com');
  const recurring = (
    await call('POST', '/v1/products/', {
      name: 'Monthly',
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: 500 }],
    })
  ).body;
  const refused = await call('POST', '/v1/orders/', { customer_id: customer.id, product_id: recurring.id });
  expect(refused.status).toBe(422);
  expect(refused.body.detail[0].loc).toEqual(['body', 'product_id']);
  const units = await call('POST', '/v1/orders/', { customer_id: customer.id, product_id: product.id, units: 3 });
  expect(units.body.detail[0].loc).toEqual(['body', 'units']);
  const eur = await call('POST', '/v1/orders/', { customer_id: customer.id, product_id: product.id, currency: 'eur' });
  expect(eur.body.detail[0].loc).toEqual(['body', 'currency']);
  const otherCustomer = await call('POST', '/v1/orders/', { customer_id: product.id, product_id: product.id });
  expect(otherCustomer.body.detail[0].loc).toEqual(['body', 'customer_id']);
  // A free draft is paid as soon as it is finalized.
  const free = (
    await call('POST', '/v1/products/', { name: 'Gift', prices: [{ amount_type: 'fixed', price_amount: 0 }] })
  ).body;
  const { body: draft } = await call('POST', '/v1/orders/', { customer_id: customer.id, product_id: free.id });
  expect((await call('POST', `/v1/orders/${draft.id}/finalize`, {})).body.total_amount).toBe(0);
  await eventually(async () => (await call('GET', `/v1/orders/${draft.id}`)).body.status === 'paid');
});

test('pay-now ends a dunning cycle: one order, one successful charge, no retry afterwards, active again', async () => {
  const { clockId, subscription } = await subscribe(h, call, { price: 1500, start: '2025-03-01T00:00:00Z' });
  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  await advance(call, clockId, '2025-04-01T01:00:00Z');
  expect((await getSubscription(call, subscription.id)).status).toBe('past_due');
  const renewal = (await ordersOf(call, subscription.customer_id))[1];
  expect(renewal).toMatchObject({ status: 'pending', billing_reason: 'subscription_cycle' });
  const email = (await call('GET', `/v1/customers/${subscription.customer_id}`)).body.email;
  await payLinkOf(email, /declined/);

  const customerPortal = await portal(subscription.customer_id);
  const confirm = (card: string) =>
    customerPortal('POST', `/v1/customer-portal/orders/${renewal.id}/confirm-payment`, { confirmation_token_id: card });
  expect((await confirm('4000000000000002')).body).toMatchObject({ status: 'failed' });
  expect((await getSubscription(call, subscription.id)).status).toBe('past_due');
  expect((await confirm('4242424242424242')).body).toMatchObject({ status: 'succeeded', error: null });
  expect(await getSubscription(call, subscription.id)).toMatchObject({ status: 'active', past_due_at: null });
  await recordHistory(h.env.sandbox, `subscription:${subscription.id}`, 'subscription-paid-now-ends-dunning');

  // Past every retry date: nothing more is charged for that order, and the next renewal takes the new card.
  await advance(call, clockId, '2025-04-20T01:00:00Z');
  await advance(call, clockId, '2025-05-01T01:00:00Z');
  const orders = await ordersOf(call, subscription.customer_id);
  expect(orders.filter((o) => o.created_at.startsWith('2025-04-01'))).toHaveLength(1);
  expect(orders.map((o) => o.status)).toEqual(['paid', 'paid', 'paid']);
  const charges = await h.env.sandbox.orm.em
    .fork()
    .execute(
      `select idempotency_key, status from sandbox_processor_charge where idempotency_key like ? order by created_at`,
      [`order:${renewal.id}:%`],
    );
  expect(charges.map((c: any) => c.status)).toEqual(['failed', 'failed', 'succeeded']);
  expect(charges.filter((c: any) => c.status === 'succeeded')).toHaveLength(1);
  expect(charges[0].idempotency_key).toBe(`order:${renewal.id}:charge:1`);
  expect((await getSubscription(call, subscription.id)).status).toBe('active');
});

test('finalize with a saved payment method charges it at once; a decline is 402 and leaves the order payable', async () => {
  const { subscription } = await subscribe(h, call, { price: 700, start: '2025-06-01T00:00:00Z' });
  const customerId = subscription.customer_id;
  // The invoice needs a billing name: the checkout asked for none.
  expect((await call('PATCH', `/v1/customers/${customerId}`, { name: 'Grace Hopper' })).status).toBe(200);
  const [method] = await h.env.sandbox.orm.em
    .fork()
    .execute(`select id from customer_payment_method where customer_id = ? and deleted_at is null`, [customerId]);
  expect(method).toBeDefined();
  const draft = async () =>
    (await call('POST', '/v1/orders/', { customer_id: customerId, product_id: product.id, amount: 2380 })).body;

  const unknown = await call('POST', `/v1/orders/${(await draft()).id}/finalize`, { payment_method_id: product.id });
  expect(unknown.status).toBe(422);
  expect(unknown.body.detail[0].loc).toEqual(['body', 'payment_method_id']);

  const first = await draft();
  const charged = await call('POST', `/v1/orders/${first.id}/finalize`, { payment_method_id: method.id });
  expect(charged.status).toBe(200);
  expect(charged.body).toMatchObject({ status: 'paid', paid: true, total_amount: 2380, tax_amount: 380 });

  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  const second = await draft();
  const declined = await call('POST', `/v1/orders/${second.id}/finalize`, { payment_method_id: method.id });
  expect(declined.status).toBe(402);
  expect(declined.body.error).toBe('PaymentFailed');
  expect((await call('GET', `/v1/orders/${second.id}`)).body).toMatchObject({ status: 'pending' });
  const email = (await call('GET', `/v1/customers/${customerId}`)).body.email;
  const token = await payLinkOf(email, /^Invoice /);
  const paid = await h.request('POST', `/v1/customer-portal/pay-links/${token}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_visa' },
  });
  expect(paid.body.status).toBe('succeeded');
  expect((await call('GET', `/v1/orders/${second.id}`)).body.status).toBe('paid');
});
