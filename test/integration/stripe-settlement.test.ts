// Charges the processor settles later: the checkout waits, and Stripe's signed webhook (verified with the official
// SDK) tells its workflow whether the payment succeeded.
import Stripe from 'stripe';
import { eventually, startHarness, type TestHarness } from '../support/harness';

const SECRET = 'whsec_stripe_test_secret';
let h: TestHarness;

beforeAll(async () => {
  h = await startHarness({ STRIPE_WEBHOOK_SECRET: SECRET });
  // The sandbox processor settles at once; this worker reports every charge as still processing, as Stripe may.
  await h.startWorker('sandbox', (real) => ({
    ...real,
    chargeCheckout: async (checkoutId: string, attempt: number) => {
      const outcome = await real.chargeCheckout(checkoutId, attempt);
      return 'chargeId' in outcome ? { chargeId: outcome.chargeId, pending: true } : outcome;
    },
  }));
});
afterAll(() => h.close());

const stripeEvent = (type: string, reference: string, chargeId: string, extra: Record<string, unknown> = {}) => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type,
    data: { object: { id: chargeId, object: 'payment_intent', metadata: { bursar_reference: reference }, ...extra } },
  });
  const signature = new Stripe('sk_test').webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return { payload, signature };
};

const post = (payload: string, signature: string) =>
  fetch(`${h.url.sandbox}/v1/integrations/stripe/webhook`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });

async function pendingCheckout() {
  const org = await h.organization(
    ['checkouts:write', 'checkouts:read', 'products:write', 'orders:read', 'payments:read', 'disputes:read'],
    'sandbox',
  );
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = await call('POST', '/v1/products/', {
    name: 'Plan',
    prices: [{ amount_type: 'fixed', price_amount: 2000 }],
  });
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: 'wait@example.com',
    customer_billing_address: { country: 'DE' },
  });
  expect(
    (
      await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
        environment: 'sandbox',
        json: { confirmation_token_id: 'pm_card_visa' },
      })
    ).status,
  ).toBe(200);
  const [charge] = await eventually(() =>
    h.env.sandbox.orm.em
      .fork()
      .execute<{ id: string }[]>('select id from sandbox_processor_charge where idempotency_key like ?', [
        `checkout:${checkout.body.id}:%`,
      ])
      .then((rows) => rows.length > 0 && rows),
  );
  expect((await call('GET', `/v1/checkouts/${checkout.body.id}`)).body.status).toBe('confirmed');
  return { call, checkout: checkout.body, chargeId: charge.id };
}

test('payment_intent.succeeded completes the waiting checkout and the order is paid', async () => {
  const { call, checkout, chargeId } = await pendingCheckout();
  const stale = stripeEvent('payment_intent.payment_failed', checkout.id, 'pi_an_earlier_attempt');
  expect((await post(stale.payload, stale.signature)).status).toBe(200); // about another charge: ignored
  const event = stripeEvent('payment_intent.succeeded', checkout.id, chargeId);
  const response = await post(event.payload, event.signature);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: true });
  await eventually(async () => (await call('GET', `/v1/orders/?checkout_id=${checkout.id}`)).body.items[0]?.paid);
});

test('payment_intent.payment_failed reopens the checkout with the reason', async () => {
  const { call, checkout, chargeId } = await pendingCheckout();
  const event = stripeEvent('payment_intent.payment_failed', checkout.id, chargeId, {
    last_payment_error: { message: 'The bank refused.' },
  });
  expect((await post(event.payload, event.signature)).status).toBe(200);
  const reopened = await eventually(async () => {
    const r = await call('GET', `/v1/checkouts/${checkout.id}`);
    return r.body.status === 'open' && r.body;
  });
  expect(reopened.payment_error).toBe('The bank refused.');
});

test('a bad signature is refused; events about nothing Bursar knows are acknowledged', async () => {
  const event = stripeEvent('payment_intent.succeeded', '00000000-0000-4000-8000-000000000000', 'pi_1');
  expect((await post(event.payload, 't=1,v1=deadbeef')).status).toBe(400);
  expect((await post(event.payload, event.signature)).status).toBe(200);
  const other = stripeEvent('customer.created', 'x', 'pi_1');
  expect((await post(other.payload, other.signature)).status).toBe(200);
});

/** A Stripe dispute event about `chargeId` (Stripe's `Dispute` object: amount tax included, deadline in seconds). */
const disputeEvent = (type: string, chargeId: string, status: string) => {
  const dispute = {
    id: 'dp_stripe_1',
    object: 'dispute',
    charge: chargeId,
    payment_intent: null,
    amount: 2380,
    currency: 'usd',
    reason: 'fraudulent',
    status,
    evidence_details: { due_by: Date.parse('2026-12-20T00:00:00Z') / 1000 },
  };
  const payload = JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object: dispute } });
  return { payload, signature: new Stripe('sk_test').webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
};

test("Stripe's dispute events open the dispute, then move it to under_review and lost", async () => {
  const { call, checkout, chargeId } = await pendingCheckout();
  const settled = stripeEvent('payment_intent.succeeded', checkout.id, chargeId);
  expect((await post(settled.payload, settled.signature)).status).toBe(200);
  const order = await eventually(async () =>
    (await call('GET', `/v1/orders/?checkout_id=${checkout.id}`)).body.items.find((o: any) => o.paid),
  );
  const [payment] = (await call('GET', `/v1/payments/?order_id=${order.id}`)).body.items;
  expect(payment).toMatchObject({ status: 'succeeded', amount: order.total_amount });
  for (const [type, status] of [
    ['charge.dispute.created', 'needs_response'],
    ['charge.dispute.funds_withdrawn', 'needs_response'],
    ['charge.dispute.updated', 'under_review'],
    ['charge.dispute.closed', 'lost'],
  ]) {
    const event = disputeEvent(type, chargeId, status);
    expect((await post(event.payload, event.signature)).status).toBe(200);
    const dispute = await eventually(async () => {
      const [d] = (await call('GET', `/v1/disputes/?order_id=${order.id}`)).body.items;
      return d?.status === status && d;
    });
    expect(dispute).toMatchObject({
      amount: order.net_amount,
      tax_amount: order.tax_amount,
      reason: 'fraudulent',
      evidence_due_by: '2026-12-20T00:00:00.000Z',
      payment_id: payment.id,
    });
  }
  const lost = (await call('GET', `/v1/orders/${order.id}`)).body;
  expect(lost).toMatchObject({ refundable_amount: 0, refundable_tax_amount: 0, dispute: { status: 'lost' } });
  expect((await call('GET', '/v1/disputes/')).body.pagination.total_count).toBe(1);
});
