// Disputes in the sandbox, end to end with a real worker: test cards disputed after their charge and decided when the
// evidence deadline passes on a test clock (lost, won); disputes opened through the sandbox API, accepted or decided;
// the loss recorded on the order (refunds can never exceed what it still holds), benefits revoked per the
// organization's setting, order.updated received and verified; and after each, the ledger balanced: what the
// processor charged, less its refunds and lost disputes, is what the books hold, and payments match the charges.
import { randomUUID } from 'node:crypto';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { recordHistory } from '../support/record-history';
import { advance, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
const receivers: Receiver[] = [];

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await h.close();
});

const db = () => h.env.sandbox.orm.em.fork();

interface Merchant {
  id: string;
  call: Call;
  productId: string;
  benefitId: string;
}

/** An organization selling a one-time product (11900, tax included in Germany: net 10000, tax 1900) with a benefit. */
async function merchant(): Promise<Merchant> {
  const scopes = ['disputes:read', 'disputes:write', 'payments:read', 'refunds:write', 'refunds:read'] as const;
  const org = await h.organization(
    [...SUBSCRIPTION_SCOPES, ...scopes, 'benefits:write', 'benefits:read', 'organizations:write'],
    'sandbox',
  );
  // The 1.x client's version: organizations show their dispute settings there (legacy ones do not).
  const headers = { 'Polar-Version': '2026-10' };
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  const product = await call('POST', '/v1/products/', {
    name: 'Course',
    prices: [{ amount_type: 'fixed', price_amount: 11_900 }],
  });
  const benefit = await call('POST', '/v1/benefits/', {
    type: 'custom',
    description: 'Welcome call',
    properties: { note: 'Book at acme.example/call' },
  });
  expect(benefit.status).toBe(201);
  expect((await call('POST', `/v1/products/${product.body.id}/benefits`, { benefits: [benefit.body.id] })).status).toBe(
    200,
  );
  return { id: org.id, call, productId: product.body.id, benefitId: benefit.body.id };
}

/** An order paid with `card` by a customer on a new test clock. */
async function paidOnClock(m: Merchant, card: string, start = '2026-03-01T10:00:00Z') {
  const clock = await m.call('POST', '/v1/test-clocks/', { frozen_time: start });
  const checkout = await m.call('POST', '/v1/checkouts/', {
    products: [m.productId],
    test_clock_id: clock.body.id,
    customer_email: `buyer-${randomUUID()}@example.com`,
    customer_billing_address: { country: 'DE' },
  });
  expect(checkout.status).toBe(201);
  const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: card },
  });
  expect(confirmed.status).toBe(200);
  const order = await eventually(async () => {
    const [o] = (await m.call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items;
    return o?.paid && o;
  });
  return { order, clockId: clock.body.id as string };
}

const paid = (m: Merchant) =>
  purchase(h, m.call, { products: [m.productId], customer_billing_address: { country: 'DE' } }, { timeoutMs: 30_000 });

const getOrder = async (m: Merchant, id: string) => (await m.call('GET', `/v1/orders/${id}`)).body;
const disputeOf = (m: Merchant, orderId: string) =>
  eventually(async () => (await m.call('GET', `/v1/disputes/?order_id=${orderId}`)).body.items[0]);
const grantedOf = async (m: Merchant, customerId: string) =>
  (await m.call('GET', `/v1/benefit-grants/?customer_id=${customerId}`)).body.items.filter((g: any) => g.is_granted)
    .length;
const statusOf = async (m: Merchant, id: string) => (await m.call('GET', `/v1/disputes/${id}`)).body.status;

/**
 * The ledger invariant (README, "Payments and disputes"): per order, the processor's charges − its refunds − its lost
 * disputes equal the order's total − refunded − disputed (what the books say it still holds); and the order's
 * succeeded payments add up to the processor's succeeded charges.
 */
async function expectLedgerBalanced(m: Merchant, orderId: string) {
  const order = await getOrder(m, orderId);
  const [processor] = await db().execute<{ charged: number; refunded: number; lost: number }[]>(
    `select coalesce(sum(c.amount), 0)::int as charged,
       coalesce((select sum(r.amount) from sandbox_processor_refund r where r.charge_id in
         (select processor_charge_id from payment where order_id = ?)), 0)::int as refunded,
       coalesce((select sum(d.amount) from sandbox_processor_dispute d where d.status = 'lost' and d.charge_id in
         (select processor_charge_id from payment where order_id = ?)), 0)::int as lost
     from sandbox_processor_charge c
     where c.status = 'succeeded' and c.id in (select processor_charge_id from payment where order_id = ?)`,
    [orderId, orderId, orderId],
  );
  const dispute = order.dispute?.status === 'lost' ? order.dispute.amount + order.dispute.tax_amount : 0;
  const books = order.total_amount - order.refunded_amount - order.refunded_tax_amount - dispute;
  expect(processor.charged - processor.refunded - processor.lost).toBe(books);
  expect(order.refundable_amount + order.refundable_tax_amount).toBe(books);
  const payments = (await m.call('GET', `/v1/payments/?order_id=${orderId}&status=succeeded`)).body.items;
  expect(payments.reduce((sum: number, p: any) => sum + p.amount, 0)).toBe(processor.charged);
}

test('a test card disputed as fraudulent is lost when its evidence deadline passes on the test clock', async () => {
  const m = await merchant();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const endpoint = await m.call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['order.updated'],
  });
  expect(endpoint.status).toBe(201);
  const { order, clockId } = await paidOnClock(m, 'pm_card_createDispute');
  await eventually(async () => (await grantedOf(m, order.customer_id)) === 1);
  const dispute = await disputeOf(m, order.id);
  const [payment] = (await m.call('GET', `/v1/payments/?order_id=${order.id}`)).body.items;
  expect(dispute).toMatchObject({
    status: 'needs_response',
    resolved: false,
    closed: false,
    amount: 10_000,
    tax_amount: 1_900,
    currency: 'usd',
    reason: 'fraudulent',
    evidence_due_by: '2026-03-08T10:00:00.000Z',
    past_due: false,
    order_id: order.id,
    payment_id: payment.id,
    customer: expect.objectContaining({ id: order.customer_id }),
    case_id: null,
  });
  expect((await getOrder(m, order.id)).dispute).toMatchObject({ id: dispute.id, status: 'needs_response' });
  // While it is open, the charge is not refundable.
  const refund = await m.call('POST', '/v1/refunds/', { order_id: order.id, reason: 'other', amount: 100 });
  expect(refund.status).toBe(422);

  await advance(m.call, clockId, '2026-03-09T10:00:00Z');
  expect(await statusOf(m, dispute.id)).toBe('lost');
  const lost = await getOrder(m, order.id);
  expect(lost).toMatchObject({
    status: 'paid',
    refundable_amount: 0,
    refundable_tax_amount: 0,
    dispute: { id: dispute.id, status: 'lost', resolved: true, closed: true, amount: 10_000, tax_amount: 1_900 },
  });
  await eventually(async () => (await grantedOf(m, order.customer_id)) === 0);
  await expectLedgerBalanced(m, order.id);
  // order.updated told of the loss, signed.
  const updates = await eventually(async () => {
    const found = receiver
      .verified(endpoint.body.secret)
      .filter((r) => r.json.type === 'order.updated' && (r.json.data as any).dispute?.status === 'lost');
    return found.length > 0 && found;
  });
  expect(updates[0].json.data).toMatchObject({ id: order.id, refundable_amount: 0 });
  const overRefund = await m.call('POST', '/v1/refunds/', { order_id: order.id, reason: 'other', amount: 1 });
  expect(overRefund.status).toBe(422);
  await recordHistory(h.env.sandbox, `dispute:${dispute.id}`, 'dispute-lost-at-deadline', { finished: true });
});

test('a test card disputed as not received is won at its deadline: nothing lost, funds and benefits kept', async () => {
  const m = await merchant();
  const { order, clockId } = await paidOnClock(m, '4000 0000 0000 2685');
  const dispute = await disputeOf(m, order.id);
  expect(dispute).toMatchObject({ status: 'needs_response', reason: 'product_not_received' });
  await advance(m.call, clockId, '2026-03-10T10:00:00Z');
  expect(await statusOf(m, dispute.id)).toBe('won');
  expect(await getOrder(m, order.id)).toMatchObject({
    refundable_amount: 10_000,
    refundable_tax_amount: 1_900,
    dispute: { status: 'won', resolved: true, closed: true },
  });
  await eventually(async () => (await grantedOf(m, order.customer_id)) === 1);
  await expectLedgerBalanced(m, order.id);
  // Once won, the order can be refunded again.
  const refund = await m.call('POST', '/v1/refunds/', { order_id: order.id, reason: 'other', amount: 1_000 });
  expect(refund.status).toBe(201);
});

test('the sandbox API opens a dispute of a paid order; accepting it loses it, once', async () => {
  const m = await merchant();
  const order = await paid(m);
  // A partial refund first: only what remains can be disputed (5000 net, 950 tax left).
  const refund = await m.call('POST', '/v1/refunds/', { order_id: order.id, reason: 'other', amount: 5_000 });
  expect(refund.status).toBe(201);
  await eventually(async () => (await getOrder(m, order.id)).refunded_amount === 5_000);
  const opened = await m.call('POST', '/v1/disputes/sandbox', { order_id: order.id, reason: 'duplicate' });
  expect(opened.status).toBe(201);
  expect(opened.body).toMatchObject({ status: 'needs_response', amount: 5_000, tax_amount: 950, reason: 'duplicate' });
  const again = await m.call('POST', '/v1/disputes/sandbox', { order_id: order.id });
  expect(again.status).toBe(422);

  const accepted = await m.call('POST', `/v1/disputes/${opened.body.id}/accept`);
  expect(accepted.status).toBe(200);
  expect(accepted.body).toMatchObject({ id: opened.body.id, status: 'lost', resolved: true, closed: true });
  const twice = await m.call('POST', `/v1/disputes/${opened.body.id}/accept`);
  expect(twice.status).toBe(409);
  expect(twice.body.error).toBe('DisputeNotOpenError');
  expect(await getOrder(m, order.id)).toMatchObject({ refundable_amount: 0, refundable_tax_amount: 0 });
  await eventually(async () => (await grantedOf(m, order.customer_id)) === 0);
  await expectLedgerBalanced(m, order.id);
  await recordHistory(h.env.sandbox, `dispute:${opened.body.id}`, 'dispute-accepted', { finished: true });
});

test('decided through the sandbox API: won, then lost with the setting that keeps benefits', async () => {
  const m = await merchant();
  const kept = await m.call('PATCH', `/v1/organizations/${m.id}`, { dispute_settings: { revoke_benefits: false } });
  expect(kept.status).toBe(200);
  expect(kept.body.dispute_settings).toEqual({ auto_accept_below_amount: null, revoke_benefits: false });
  const [first, second] = [await paid(m), await paid(m)];
  const a = (await m.call('POST', '/v1/disputes/sandbox', { order_id: first.id })).body;
  const won = await m.call('POST', `/v1/disputes/${a.id}/sandbox-resolve`, { status: 'won' });
  expect(won.body).toMatchObject({ status: 'won', resolved: true });
  expect((await m.call('POST', `/v1/disputes/${a.id}/sandbox-resolve`, { status: 'lost' })).status).toBe(409);
  expect((await m.call('POST', `/v1/disputes/${a.id}/accept`)).status).toBe(409);
  await expectLedgerBalanced(m, first.id);

  const b = (await m.call('POST', '/v1/disputes/sandbox', { order_id: second.id })).body;
  const lost = await m.call('POST', `/v1/disputes/${b.id}/sandbox-resolve`, { status: 'lost' });
  expect(lost.body).toMatchObject({ status: 'lost' });
  expect(await getOrder(m, second.id)).toMatchObject({ refundable_amount: 0, dispute: { status: 'lost' } });
  await eventually(async () => (await grantedOf(m, second.customer_id)) === 1);
  await expectLedgerBalanced(m, second.id);

  // The list: filters and sorting.
  const list = async (query: string) => (await m.call('GET', `/v1/disputes/?${query}`)).body;
  expect((await list('status=lost')).items.map((d: any) => d.id)).toEqual([b.id]);
  expect((await list('status=won&status=lost&sorting=created_at')).items.map((d: any) => d.id)).toEqual([a.id, b.id]);
  expect((await list('limit=1&page=2&sorting=-created_at')).items.map((d: any) => d.id)).toEqual([a.id]);
  expect((await list(`order_id=${first.id}`)).pagination).toEqual({ total_count: 1, max_page: 1 });
  expect((await m.call('GET', '/v1/disputes/?status=open')).status).toBe(422);
  expect((await m.call('GET', `/v1/disputes/${randomUUID()}`)).status).toBe(404);
});

test('below the organization’s threshold a dispute is accepted at once; the sandbox calls are refused in production', async () => {
  const m = await merchant();
  const patched = await m.call('PATCH', `/v1/organizations/${m.id}`, {
    dispute_settings: { auto_accept_below_amount: 20_000 },
  });
  expect(patched.body.dispute_settings).toEqual({ auto_accept_below_amount: 20_000, revoke_benefits: true });
  const order = await paid(m);
  const opened = await m.call('POST', '/v1/disputes/sandbox', { order_id: order.id });
  expect(opened.status).toBe(201);
  await eventually(async () => (await statusOf(m, opened.body.id)) === 'lost');
  await expectLedgerBalanced(m, order.id);

  const production = await h.organization(['disputes:write'], 'production');
  const refused = await h.request('POST', '/v1/disputes/sandbox', {
    token: production.token,
    json: { order_id: order.id },
  });
  expect(refused.status).toBe(403);
});
