// Never a charge without an order: a checkout whose completion fails for good after its charge went through refunds
// the whole charge before it is `failed`; a charge the processor still processes when the wait for its settlement ends
// is canceled there (or, when it went through meanwhile, completes the purchase).
import { ApplicationFailure } from '@temporalio/common';
import { recordHistory } from '../support/record-history';
import { eventually, startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
/** Checkouts whose completion fails for good. */
const failing = new Set<string>();
/** Checkouts whose charge the processor reports as processing; `cancelable`: still processing when canceled. */
const processing = new Map<string, { cancelable: boolean }>();

beforeAll(async () => {
  h = await startHarness({ PAYMENT_SETTLEMENT_TIMEOUT_MS: '3000' });
  const processor = h.env.sandbox.processor!;
  const charge = processor.charge.bind(processor);
  // The sandbox settles at once; for the checkouts in `processing` it answers as Stripe does for a charge in flight.
  jest.spyOn(processor, 'charge').mockImplementation(async (input) => {
    const charged = await charge(input);
    const pending = processing.get(input.reference);
    if (!pending) return charged;
    if (pending.cancelable)
      await sql("update sandbox_processor_charge set status = 'processing' where id = ?", [charged.chargeId]);
    return { ...charged, pending: true };
  });
  await h.startWorker('sandbox', (real) => ({
    ...real,
    completeCheckout: async (...args: Parameters<typeof real.completeCheckout>) => {
      if (failing.has(args[0]))
        throw ApplicationFailure.nonRetryable('The order could not be written.', 'OrderWriteFailed');
      return real.completeCheckout(...args);
    },
  }));
});
afterAll(() => h.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  h.env.sandbox.orm.em.fork().execute<T[]>(query, params);

async function confirmedCheckout(price: number | 'free', prepare: (checkoutId: string) => void) {
  const org = await h.organization(['checkouts:write', 'checkouts:read', 'products:write', 'orders:read'], 'sandbox');
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const prices = [price === 'free' ? { amount_type: 'free' } : { amount_type: 'fixed', price_amount: price }];
  const product = await call('POST', '/v1/products/', { name: 'Course', prices });
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: 'compensation@example.com',
    customer_billing_address: { country: 'DE' },
  });
  prepare(checkout.body.id);
  const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: price === 'free' ? {} : { confirmation_token_id: 'pm_card_visa' },
  });
  expect(confirmed.status).toBe(200);
  const id: string = checkout.body.id;
  const settled = async () => {
    const { body } = await call('GET', `/v1/checkouts/${id}`);
    return body.status !== 'confirmed' && body;
  };
  return { id, call, settled };
}

const chargesOf = (checkoutId: string) =>
  sql<{ id: string; amount: number; status: string }>(
    'select id, amount, status from sandbox_processor_charge where idempotency_key like ?',
    [`checkout:${checkoutId}:%`],
  );
const refundsOf = (chargeId: string) =>
  sql<{ amount: number; idempotency_key: string }>(
    'select amount, idempotency_key from sandbox_processor_refund where charge_id = ?',
    [chargeId],
  );

/**
 * The activities the checkout's workflow ran, in order (what an operator sees in its history), local ones included:
 * read once it `ended` (a local activity is recorded with the workflow task that ran it, after its transaction).
 */
async function activitiesRun(checkoutId: string, ended = true): Promise<string[]> {
  const handle = h.env.sandbox.temporal.workflow.getHandle(`checkout:${checkoutId}`);
  if (ended) await handle.result();
  const history = await handle.fetchHistory();
  return history.events!.flatMap((event) => {
    if (event.activityTaskScheduledEventAttributes)
      return [event.activityTaskScheduledEventAttributes.activityType!.name!];
    const marker = event.markerRecordedEventAttributes;
    if (marker?.markerName !== 'core_local_activity') return [];
    const data = marker.details!.data!.payloads![0].data!;
    return [JSON.parse(Buffer.from(data).toString('utf8')).activity_type as string];
  });
}

test('a completion that fails for good after the charge refunds the whole charge, then the checkout fails', async () => {
  const { id, call, settled } = await confirmedCheckout(4900, (checkoutId) => failing.add(checkoutId));
  const checkout = await eventually(settled, 30_000);
  expect(checkout.status).toBe('failed');
  expect(checkout.payment_error).toBe(
    'The checkout failed: the purchase could not be completed; the payment was refunded.',
  );

  const charges = await chargesOf(id);
  expect(charges).toEqual([expect.objectContaining({ amount: 4900, status: 'succeeded' })]);
  expect(await refundsOf(charges[0].id)).toEqual([
    { amount: 4900, idempotency_key: `checkout:${id}:compensation:${charges[0].id}` },
  ]);
  expect((await call('GET', `/v1/orders/?checkout_id=${id}`)).body.pagination.total_count).toBe(0);
  expect(await activitiesRun(id)).toEqual([
    'confirmCheckout',
    'chargeCheckout',
    'completeCheckout',
    'refundCheckoutCharge',
    'failCheckout',
  ]);
  await recordHistory(h.env.sandbox, `checkout:${id}`, 'checkout-completion-failed-charge-refunded', {
    finished: true,
  });
});

test('a free checkout whose completion fails has nothing to refund', async () => {
  const { id, settled } = await confirmedCheckout('free', (checkoutId) => failing.add(checkoutId));
  expect((await eventually(settled, 30_000)).status).toBe('failed');
  expect(await chargesOf(id)).toEqual([]);
  expect(await activitiesRun(id)).toEqual(['confirmCheckout', 'chargeCheckout', 'completeCheckout', 'failCheckout']);
});

test('a declined charge is not refunded: the checkout reopens', async () => {
  const org = await h.organization(['checkouts:write', 'checkouts:read', 'products:write'], 'sandbox');
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  const product = await call('POST', '/v1/products/', {
    name: 'Course',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: 'd@example.com',
    customer_billing_address: { country: 'DE' },
  });
  await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_chargeDeclined' },
  });
  await eventually(async () => (await call('GET', `/v1/checkouts/${checkout.body.id}`)).body.status === 'open');
  expect(await activitiesRun(checkout.body.id, false)).toEqual(['confirmCheckout', 'chargeCheckout', 'reopenCheckout']);
  const [charge] = await chargesOf(checkout.body.id);
  expect(charge.status).toBe('failed');
  expect(await refundsOf(charge.id)).toEqual([]);
});

test('a charge still processing when the settlement wait ends is canceled at the processor; the checkout fails', async () => {
  const { id, call, settled } = await confirmedCheckout(2500, (checkoutId) =>
    processing.set(checkoutId, { cancelable: true }),
  );
  const checkout = await eventually(settled, 30_000);
  expect(checkout).toMatchObject({
    status: 'failed',
    payment_error: 'The checkout failed: The payment processor never settled the charge; it was canceled.',
  });
  const charges = await chargesOf(id);
  expect(charges).toEqual([expect.objectContaining({ amount: 2500, status: 'canceled' })]);
  expect(await refundsOf(charges[0].id)).toEqual([]);
  expect((await call('GET', `/v1/orders/?checkout_id=${id}`)).body.pagination.total_count).toBe(0);
  expect(await activitiesRun(id)).toEqual([
    'confirmCheckout',
    'chargeCheckout',
    'cancelCheckoutCharge',
    'failCheckout',
  ]);
  await recordHistory(h.env.sandbox, `checkout:${id}`, 'checkout-unsettled-charge-canceled', { finished: true });
});

test('a charge that went through before it could be canceled completes the purchase', async () => {
  const { id, call, settled } = await confirmedCheckout(2500, (checkoutId) =>
    processing.set(checkoutId, { cancelable: false }),
  );
  expect((await eventually(settled, 30_000)).status).toBe('succeeded');
  const order = await eventually(async () =>
    (await call('GET', `/v1/orders/?checkout_id=${id}`)).body.items.find((o: { paid: boolean }) => o.paid),
  );
  const [charge] = await chargesOf(id);
  expect(order).toMatchObject({ total_amount: 2500 });
  expect(await refundsOf(charge.id)).toEqual([]);
  expect(await activitiesRun(id)).toEqual([
    'confirmCheckout',
    'chargeCheckout',
    'cancelCheckoutCharge',
    'completeCheckout',
  ]);
});
