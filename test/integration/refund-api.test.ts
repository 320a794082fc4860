// Refunds in the sandbox: orders paid through real checkouts (11900 tax included in Germany: net 10000, tax 1900),
// refunded in part then in full by a real worker, with the order's amounts, the webhooks, the processor's refunds and
// the credit-note numbers checked; refusals; list filters; and 20 concurrent refunds that never exceed the order.
import { randomUUID } from 'node:crypto';
import { Refund } from '../../src/contracts/refund';
import { pdfText } from '../support/pdf-text';
import { recordHistory } from '../support/record-history';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { setCardOutcome, subscribe, advance, ordersOf, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { purchase } from '../support/purchases';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
const receivers: Receiver[] = [];
/** A refund whose comment says so is refused by the processor (the sandbox never refuses one by itself). */
const DECLINE = 'test: processor declines';
const PENDING = 'test: processor completes it later';
const statusChecks = new Map<string, number>();
/** The processor answers a refund it declines once this settles (a test holds it to see the refund pending meanwhile). */
let declineHeld: Promise<void> = Promise.resolve();

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox', (real) => ({
    ...real,
    async processRefund(refundId: string) {
      const [row] = await db().execute<{ comment: string | null }[]>('select comment from refund where id = ?', [
        refundId,
      ]);
      if (row?.comment === PENDING) {
        // As Stripe may: the refund is made but completes later.
        const outcome = await real.processRefund(refundId);
        return 'failure' in outcome ? outcome : { ...outcome, pending: { checkEveryMs: 300 } };
      }
      if (row?.comment !== DECLINE) return real.processRefund(refundId);
      await declineHeld;
      return { failure: 'Declined by the test processor.' };
    },
    /** Pending at the first two checks, then done. */
    async refundProcessorStatus(processorRefundId: string) {
      const checks = (statusChecks.get(processorRefundId) ?? 0) + 1;
      statusChecks.set(processorRefundId, checks);
      return checks <= 2 ? 'pending' : real.refundProcessorStatus(processorRefundId);
    },
  }));
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
}

async function merchant(): Promise<Merchant> {
  const org = await h.organization([...SUBSCRIPTION_SCOPES, 'refunds:read', 'refunds:write'], 'sandbox');
  const call: Call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  const product = await call('POST', '/v1/products/', {
    name: 'Course',
    prices: [{ amount_type: 'fixed', price_amount: 11_900 }],
  });
  expect(product.status).toBe(201);
  return { id: org.id, call, productId: product.body.id };
}

/** An order paid through a checkout in Germany (tax included); a free product needs no card. */
async function paidOrder(m: Merchant, productId = m.productId, free = false) {
  return purchase(
    h,
    m.call,
    { products: [productId], customer_billing_address: { country: 'DE' } },
    { card: free ? null : undefined, timeoutMs: 30_000 },
  );
}

const refund = (m: Merchant, json: Record<string, unknown>, headers?: Record<string, string>) =>
  m.call('POST', '/v1/refunds/', { reason: 'customer_request', ...json }, headers);

/** The refund once the workflow settled it. */
const settled = (m: Merchant, id: string) =>
  eventually(async () => {
    const [listed] = (await m.call('GET', `/v1/refunds/?id=${id}`)).body.items;
    return listed?.status !== 'pending' && listed;
  }, 30_000);

const getOrder = async (m: Merchant, id: string) => (await m.call('GET', `/v1/orders/${id}`)).body;

/** The sandbox processor's refunds of the order's charge, oldest first. */
const processorRefunds = async (orderId: string) =>
  (
    await db().execute<{ amount: number }[]>(
      `select r.amount from sandbox_processor_refund r join "order" o on o.charge_id = r.charge_id where o.id = ? order by r.created_at, r.id`,
      [orderId],
    )
  ).map((r) => r.amount);

const creditNotes = async (organizationId: string) =>
  (
    await db().execute<{ credit_note_number: string }[]>(
      'select credit_note_number from refund where organization_id = ? and credit_note_number is not null order by credit_note_number',
      [organizationId],
    )
  ).map((r) => r.credit_note_number);

const prefixOf = async (organizationId: string) => {
  const [org] = await db().execute<{ slug: string }[]>('select slug from organization where id = ?', [organizationId]);
  return org.slug.toUpperCase();
};

test('a partial then a full refund: tax, order amounts and status, processor refunds, webhooks and credit notes', async () => {
  const m = await merchant();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const endpoint = await m.call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['refund.created', 'refund.updated', 'order.updated', 'order.refunded'],
  });
  expect(endpoint.status).toBe(201);
  const order = await paidOrder(m);
  expect(order).toMatchObject({
    net_amount: 10_000,
    tax_amount: 1_900,
    total_amount: 11_900,
    refundable_amount: 10_000,
    refundable_tax_amount: 1_900,
  });

  // 2500 of 10000: tax 2500 × 1900 / 10000 = 475; the card gets 2975 back.
  const first = await refund(m, {
    order_id: order.id,
    amount: 2_500,
    comment: 'Late delivery',
    metadata: { ticket: 'T-1' },
  });
  expect(first.status).toBe(201);
  expect(legacy(Refund).parse(first.body)).toEqual(first.body);
  expect(first.body).toMatchObject({
    status: 'pending',
    reason: 'customer_request',
    amount: 2_500,
    tax_amount: 475,
    currency: 'usd',
    organization_id: m.id,
    order_id: order.id,
    customer_id: order.customer_id,
    subscription_id: null,
    revoke_benefits: false,
    dispute: null,
    metadata: { ticket: 'T-1' },
  });
  expect((await settled(m, first.body.id)).status).toBe('succeeded');
  expect(await getOrder(m, order.id)).toMatchObject({
    status: 'partially_refunded',
    paid: true,
    refunded_amount: 2_500,
    refunded_tax_amount: 475,
    refundable_amount: 7_500,
    refundable_tax_amount: 1_425,
  });

  // The rest: 7500 takes all the tax left, 1425; the card gets 8925, 11900 in all.
  const second = await refund(m, { order_id: order.id, amount: 7_500, reason: 'duplicate' });
  expect(second.body).toMatchObject({ status: 'pending', amount: 7_500, tax_amount: 1_425, reason: 'duplicate' });
  expect((await settled(m, second.body.id)).status).toBe('succeeded');
  expect(await getOrder(m, order.id)).toMatchObject({
    status: 'refunded',
    refunded_amount: 10_000,
    refunded_tax_amount: 1_900,
    refundable_amount: 0,
    refundable_tax_amount: 0,
  });
  expect(await processorRefunds(order.id)).toEqual([2_975, 8_925]);

  const again = await refund(m, { order_id: order.id, amount: 1 });
  expect(again.status).toBe(403);
  expect(again.body).toMatchObject({ error: 'RefundedAlready', status: 403 });

  const prefix = await prefixOf(m.id);
  expect(await creditNotes(m.id)).toEqual([`CN-${prefix}-0001`, `CN-${prefix}-0002`]);
  // The first refund's credit note, a PDF against the order's invoice: net, tax and total given back.
  const note = await eventually(async () => {
    const response = await m.call('GET', `/v1/refunds/${first.body.id}/credit-note`);
    return response.status === 200 && response.body;
  });
  const noteText = await pdfText(Buffer.from(await (await fetch(note.url)).arrayBuffer()));
  // Compared without white space: a long invoice number (the test organization's slug is a UUID) may wrap in its cell.
  const unwrapped = (text: string) => text.replace(/\s+/g, '');
  for (const expected of [
    'Credit note',
    `CN-${prefix}-0001`,
    order.invoice_number,
    'USD -25.00',
    'USD -4.75',
    'USD -29.75',
  ])
    expect(unwrapped(noteText)).toContain(unwrapped(expected));
  // The receipt is rendered again with what went back.
  const receipt = await eventually(async () => {
    const response = await m.call('GET', `/v1/orders/${order.id}/receipt`);
    return response.status === 200 && response.body;
  });
  const receiptText = await pdfText(Buffer.from(await (await fetch(receipt.url)).arrayBuffer()));
  expect(receiptText).toContain('Refunded');
  expect(receiptText).toContain('USD -119.00');
  await recordHistory(h.env.sandbox, `refund:${first.body.id}`, 'refund-succeeded-credit-note', { finished: true });
  await recordHistory(h.env.sandbox, `receipt:${order.id}:2`, 'receipt-rendered', { finished: true });

  // refund.created (pending) then refund.updated (succeeded) for each; order.updated then order.refunded for each.
  const events = () => receiver.received.map((r) => r.json);
  await eventually(
    async () =>
      events().filter((e) => e.type === 'order.refunded').length === 2 &&
      events().filter((e) => e.type.startsWith('refund.')).length === 4,
  );
  for (const id of [first.body.id, second.body.id]) {
    expect(
      events()
        .filter((e) => e.data.id === id)
        .map((e) => [e.type, e.data.status]),
    ).toEqual([
      ['refund.created', 'pending'],
      ['refund.updated', 'succeeded'],
    ]);
  }
  const orderEvents = events().filter((e) => e.data.id === order.id);
  const refunded = orderEvents.filter((e) => e.type === 'order.refunded');
  expect(refunded.map((e) => [e.data.status, e.data.refunded_amount, e.data.refunded_tax_amount])).toEqual([
    ['partially_refunded', 2_500, 475],
    ['refunded', 10_000, 1_900],
  ]);
  for (const event of refunded) {
    const before = orderEvents[orderEvents.indexOf(event) - 1];
    expect([before.type, before.data.refunded_amount]).toEqual(['order.updated', event.data.refunded_amount]);
  }
});

test('refusals: more than is left, unknown or foreign orders, unpaid and uncharged orders, bad bodies, wrong scope', async () => {
  const m = await merchant();
  const order = await paidOrder(m);

  const tooMuch = await refund(m, { order_id: order.id, amount: 10_001 });
  expect(tooMuch.status).toBe(422);
  expect(tooMuch.body.detail).toEqual([
    expect.objectContaining({ loc: ['body', 'amount'], msg: expect.stringMatching(/10000/) }),
  ]);

  const other = await merchant();
  const foreign = await paidOrder(other);
  for (const orderId of [randomUUID(), foreign.id]) {
    const unknown = await refund(m, { order_id: orderId, amount: 100 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'order_id']);
  }

  const free = await m.call('POST', '/v1/products/', { name: 'Sample', prices: [{ amount_type: 'free' }] });
  const freeOrder = await paidOrder(m, free.body.id, true);
  const uncharged = await refund(m, { order_id: freeOrder.id, amount: 1 });
  expect(uncharged.status).toBe(422);
  expect(uncharged.body.detail[0]).toMatchObject({ loc: ['body', 'order_id'], msg: expect.stringMatching(/nothing/i) });

  for (const body of [
    { order_id: order.id, amount: 0 },
    { order_id: order.id, amount: 100, reason: 'dispute_prevention' },
    { order_id: order.id, amount: 1.5 },
    { order_id: order.id, amount: 100, comment: 'x'.repeat(5001) },
  ]) {
    expect((await refund(m, body)).status).toBe(422);
  }

  const reader = await h.organization(['refunds:read'], 'sandbox');
  const forbidden = await h.request('POST', '/v1/refunds/', {
    token: reader.token,
    environment: 'sandbox',
    json: { order_id: order.id, amount: 100, reason: 'other' },
  });
  expect(forbidden.status).toBe(403);
  expect((await h.request('GET', '/v1/refunds/', { token: reader.token, environment: 'sandbox' })).status).toBe(200);

  const [{ n }] = await db().execute<{ n: number }[]>(
    'select count(*)::int as n from refund where organization_id = ?',
    [m.id],
  );
  expect(n).toBe(0);
  expect(await getOrder(m, order.id)).toMatchObject({ status: 'paid', refunded_amount: 0 });
});

test('a repeated X-Idempotency-Key returns the same refund and refunds once', async () => {
  const m = await merchant();
  const order = await paidOrder(m);
  const key = `refund-${randomUUID()}`;
  const [a, b] = [
    await refund(m, { order_id: order.id, amount: 1_000 }, { 'x-idempotency-key': key }),
    await refund(m, { order_id: order.id, amount: 1_000 }, { 'x-idempotency-key': key }),
  ];
  expect([a.status, b.status]).toEqual([201, 201]);
  expect(b.body.id).toBe(a.body.id);
  await settled(m, a.body.id);
  expect(await processorRefunds(order.id)).toEqual([1_190]);
});

test('a refund the processor declines fails, and its amount is refundable again', async () => {
  const m = await merchant();
  const order = await paidOrder(m);
  let answer = () => {};
  declineHeld = new Promise<void>((resolve) => (answer = resolve));
  let declined: Awaited<ReturnType<typeof refund>>;
  try {
    declined = await refund(m, { order_id: order.id, amount: 10_000, comment: DECLINE });
    expect(declined.status).toBe(201);
    // Pending (the processor has not answered), it holds the whole order: nothing more can be refunded meanwhile.
    expect((await refund(m, { order_id: order.id, amount: 1 })).status).toBe(422);
  } finally {
    answer();
  }
  expect(await settled(m, declined.body.id)).toMatchObject({ status: 'failed', amount: 10_000, tax_amount: 1_900 });
  expect(await getOrder(m, order.id)).toMatchObject({ status: 'paid', refunded_amount: 0, refundable_amount: 10_000 });
  expect(await processorRefunds(order.id)).toEqual([]);
  expect(await creditNotes(m.id)).toEqual([]);

  const retried = await refund(m, { order_id: order.id, amount: 10_000 });
  expect((await settled(m, retried.body.id)).status).toBe('succeeded');
  expect(await processorRefunds(order.id)).toEqual([11_900]);
  expect(await creditNotes(m.id)).toEqual([`CN-${await prefixOf(m.id)}-0001`]);
});

test('a refund the processor completes later stays pending until it does, then succeeds', async () => {
  const m = await merchant();
  const order = await paidOrder(m);
  const created = await refund(m, { order_id: order.id, amount: 5_000, comment: PENDING });
  await eventually(async () => statusChecks.size > 0 && [...statusChecks.values()].some((checks) => checks === 1));
  expect((await m.call('GET', `/v1/refunds/?id=${created.body.id}`)).body.items[0].status).toBe('pending');
  expect((await getOrder(m, order.id)).refunded_amount).toBe(0);
  expect((await settled(m, created.body.id)).status).toBe('succeeded');
  expect(await getOrder(m, order.id)).toMatchObject({
    status: 'partially_refunded',
    refunded_amount: 5_000,
    refunded_tax_amount: 950,
  });
  expect(await processorRefunds(order.id)).toEqual([5_950]);
  await recordHistory(h.env.sandbox, `refund:${created.body.id}`, 'refund-pending-then-succeeded', { finished: true });
});

test('subscription orders: no revoking benefits through a refund; a pending renewal cannot be refunded', async () => {
  const m = await merchant();
  // 1000 a month, tax included in Germany: net 840, tax 160.
  const { clockId, subscription } = await subscribe(h, m.call, { price: 1_000, start: '2025-03-01T00:00:00Z' });
  const [first] = await eventually(async () => {
    const orders = await ordersOf(m.call, subscription.customer_id);
    return orders[0]?.paid && orders;
  });
  expect(first).toMatchObject({ net_amount: 840, tax_amount: 160, subscription_id: subscription.id });

  const revoking = await refund(m, { order_id: first.id, amount: 100, revoke_benefits: true });
  expect(revoking.status).toBe(400);
  expect(revoking.body.error).toBe('RevokeSubscriptionBenefitsProhibited');

  // 420 of 840: tax 420 × 160 / 840 = 80.
  const half = await refund(m, { order_id: first.id, amount: 420 });
  expect(half.body).toMatchObject({ subscription_id: subscription.id, amount: 420, tax_amount: 80 });
  expect((await settled(m, half.body.id)).status).toBe('succeeded');

  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  await advance(m.call, clockId, '2025-04-01T01:00:00Z');
  const renewal = (await ordersOf(m.call, subscription.customer_id))[1];
  expect(renewal).toMatchObject({ status: 'pending', billing_reason: 'subscription_cycle' });
  const unpaid = await refund(m, { order_id: renewal.id, amount: 100 });
  expect(unpaid.status).toBe(422);
  expect(unpaid.body.detail[0]).toMatchObject({
    loc: ['body', 'order_id'],
    msg: expect.stringMatching(/paid order.*pending/),
  });

  const bySubscription = await m.call('GET', `/v1/refunds/?subscription_id=${subscription.id}`);
  expect(bySubscription.body.items.map((r: { id: string }) => r.id)).toEqual([half.body.id]);
});

test('list: filters by order, customer, succeeded and id; sorting by amount and creation', async () => {
  const m = await merchant();
  const [a, b] = [await paidOrder(m), await paidOrder(m)];
  const ids: Record<string, string> = {};
  for (const [name, orderId, amount, comment] of [
    ['a1', a.id, 1_000, null],
    ['a2', a.id, 3_000, DECLINE],
    ['b1', b.id, 2_000, null],
  ] as const) {
    const created = await refund(m, { order_id: orderId, amount, comment });
    expect(created.status).toBe(201);
    ids[name] = created.body.id;
    await settled(m, created.body.id);
  }
  const list = async (query: string) => {
    const page = await m.call('GET', `/v1/refunds/?${query}`);
    expect(page.status).toBe(200);
    return page.body.items.map((r: { id: string }) => Object.keys(ids).find((name) => ids[name] === r.id));
  };
  expect(await list(`order_id=${a.id}&sorting=amount`)).toEqual(['a1', 'a2']);
  expect(await list(`order_id=${a.id}&order_id=${b.id}&sorting=-amount`)).toEqual(['a2', 'b1', 'a1']);
  expect(await list('succeeded=true&sorting=created_at')).toEqual(['a1', 'b1']);
  expect(await list('succeeded=false')).toEqual(['a2']);
  expect(await list(`customer_id=${b.customer_id}`)).toEqual(['b1']);
  expect(await list(`id=${ids.a2}`)).toEqual(['a2']);
  expect(await list('')).toEqual(['b1', 'a2', 'a1']); // newest first
  const paged = await m.call('GET', '/v1/refunds/?limit=2&page=2&sorting=amount');
  expect(paged.body).toMatchObject({ pagination: { total_count: 3, max_page: 2 } });
  expect(paged.body.items.map((r: { id: string }) => r.id)).toEqual([ids.a2]);
  expect((await m.call('GET', '/v1/refunds/?sorting=status')).status).toBe(422);
  expect((await m.call('GET', '/v1/refunds/?succeeded=maybe')).status).toBe(422);

  const stranger = await merchant();
  expect((await stranger.call('GET', `/v1/refunds/?order_id=${a.id}`)).body.items).toEqual([]);
});

test('20 concurrent refunds of one order never give back more than it, and credit notes stay gap-free', async () => {
  const m = await merchant();
  const order = await paidOrder(m);
  const amounts = Array.from({ length: 20 }, (_, i) => 300 + ((i * 37) % 11) * 100); // 300 … 1300
  const responses = await Promise.all(amounts.map((amount) => refund(m, { order_id: order.id, amount })));
  expect(responses.every((r) => r.status === 201 || r.status === 422)).toBe(true);
  const accepted = responses.filter((r) => r.status === 201).map((r) => r.body);
  const refused = amounts.filter((_, i) => responses[i].status === 422);
  const acceptedTotal = accepted.reduce((sum, r) => sum + r.amount, 0);
  expect(acceptedTotal).toBeLessThanOrEqual(10_000);
  // Each refusal was right: what was left at the end is less than the smallest refused amount.
  expect(refused.length).toBeGreaterThan(0);
  expect(10_000 - acceptedTotal).toBeLessThan(Math.min(...refused));
  for (const r of responses.filter((r) => r.status === 422)) expect(r.body.detail[0].loc).toEqual(['body', 'amount']);

  for (const r of accepted) expect((await settled(m, r.id)).status).toBe('succeeded');
  const after = await getOrder(m, order.id);
  expect(after.refunded_amount).toBe(acceptedTotal);
  expect(after.refunded_tax_amount).toBe(accepted.reduce((sum, r) => sum + r.tax_amount, 0));
  const onCard = await processorRefunds(order.id);
  expect(onCard).toHaveLength(accepted.length);
  expect(onCard.reduce((sum, a) => sum + a, 0)).toBe(accepted.reduce((sum, r) => sum + r.amount + r.tax_amount, 0));

  // The rest brings back exactly the order: 10000 and all its 1900 of tax, 11900 on the card.
  if (after.refundable_amount > 0) {
    const rest = await refund(m, { order_id: order.id, amount: after.refundable_amount });
    expect(rest.body.tax_amount).toBe(after.refundable_tax_amount);
    await settled(m, rest.body.id);
  }
  expect(await getOrder(m, order.id)).toMatchObject({
    status: 'refunded',
    refunded_amount: 10_000,
    refunded_tax_amount: 1_900,
  });
  expect((await processorRefunds(order.id)).reduce((sum, a) => sum + a, 0)).toBe(11_900);

  const prefix = await prefixOf(m.id);
  const count = (await m.call('GET', '/v1/refunds/?succeeded=true&limit=100')).body.pagination.total_count;
  expect(await creditNotes(m.id)).toEqual(
    Array.from({ length: count }, (_, i) => `CN-${prefix}-${String(i + 1).padStart(4, '0')}`),
  );

  // Another organization's credit notes start at 0001 again.
  const other = await merchant();
  const otherOrder = await paidOrder(other);
  await settled(other, (await refund(other, { order_id: otherOrder.id, amount: 500 })).body.id);
  expect(await creditNotes(other.id)).toEqual([`CN-${await prefixOf(other.id)}-0001`]);
}, 120_000);
