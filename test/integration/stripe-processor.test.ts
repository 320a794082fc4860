// The Stripe adapter through the official SDK against stripe-mock (built by ./run from the Go module proxy).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PaymentDeclined, type ChargeTicket } from '../../src/adapters/payment/payment-processor';

/** The adapter alone, without the payment domain that normally makes the ticket. */
const ticket = { paymentKey: 'adapter-test' } as ChargeTicket;
import { StripePaymentProcessor } from '../../src/adapters/payment/stripe-processor';
import { freePort } from '../support/free-port';
import { eventually } from '../support/harness';

let mock: ChildProcess;
let processor: StripePaymentProcessor;

beforeAll(async () => {
  const binary = process.env.STRIPE_MOCK_PATH;
  if (!binary) throw new Error('STRIPE_MOCK_PATH is not set: run the suite with ./run test, which builds stripe-mock');
  const port = await freePort();
  mock = spawn(binary, ['-http-port', String(port)], { stdio: 'ignore' });
  await eventually(() =>
    fetch(`http://127.0.0.1:${port}/v1/customers`, { headers: { authorization: 'Bearer sk_test_123' } }).then(
      (r) => r.ok,
      () => false,
    ),
  );
  processor = new StripePaymentProcessor({ secretKey: 'sk_test_123', host: '127.0.0.1', port, protocol: 'http' });
});
afterAll(() => mock?.kill());

test("every request the adapter makes is accepted by stripe-mock, which checks it against Stripe's API spec", async () => {
  const { customerId } = await processor.createCustomer({
    email: 'buyer@example.com',
    name: 'Buyer',
    idempotencyKey: randomUUID(),
  });
  expect(customerId).toMatch(/^cus_/);
  const method = await processor.savePaymentMethod({
    customerId,
    confirmationToken: 'pm_card_visa',
    idempotencyKey: randomUUID(),
  });
  expect(method).toMatchObject({
    token: expect.stringMatching(/^pm_/),
    last4: expect.stringMatching(/^\d{4}$/),
    brand: expect.any(String),
  });
  const { refundId } = await processor.refund({ chargeId: 'ch_123', amount: 500, idempotencyKey: randomUUID() });
  expect(refundId).toMatch(/^re_/);
  // stripe-mock answers with canned objects whose intents never succeed; the adapter reports that as a decline.
  await expect(
    processor.charge({
      ticket,
      customerId,
      paymentMethod: method.token,
      amount: 1999,
      currency: 'usd',
      idempotencyKey: randomUUID(),
      reference: 'checkout-1',
    }),
  ).rejects.toMatchObject({
    name: 'PaymentDeclined',
    message: expect.stringContaining('requires_payment_method'),
  });
  await expect(
    processor.savePaymentMethod({ customerId, confirmationToken: 'ctoken_123', idempotencyKey: randomUUID() }),
  ).rejects.toBeInstanceOf(PaymentDeclined);
});

/** The adapter with one SDK call answered by `answer`. */
function stubbed(resource: 'paymentIntents', answer: () => Promise<unknown>): StripePaymentProcessor {
  const adapter = new StripePaymentProcessor({ secretKey: 'sk_test_123' });
  jest.spyOn((adapter as unknown as { stripe: Stripe }).stripe[resource], 'create').mockImplementation(answer as never);
  return adapter;
}

const charge = (adapter: StripePaymentProcessor) =>
  adapter.charge({
    ticket,
    customerId: 'cus_1',
    paymentMethod: 'pm_1',
    amount: 100,
    currency: 'usd',
    idempotencyKey: 'k',
    reference: 'checkout-1',
  });

test('a succeeded intent is a charge; one still processing is a pending charge, settled later by webhook', async () => {
  await expect(
    charge(stubbed('paymentIntents', async () => ({ status: 'succeeded', latest_charge: 'ch_1', id: 'pi_1' }))),
  ).resolves.toEqual({
    chargeId: 'ch_1',
  });
  await expect(
    charge(stubbed('paymentIntents', async () => ({ status: 'processing', latest_charge: null, id: 'pi_2' }))),
  ).resolves.toEqual({
    chargeId: 'pi_2',
    pending: true,
  });
});

test.each([
  ['requires_action', { status: 'requires_action', id: 'pi_3' }, 'authentication_required'],
  [
    'a card error with insufficient funds',
    new Stripe.errors.StripeCardError({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Insufficient funds',
    }),
    'insufficient_funds',
  ],
  [
    'a plain card decline',
    new Stripe.errors.StripeCardError({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Declined',
    }),
    'card_declined',
  ],
])('%s is a PaymentDeclined', async (_name, answer, code) => {
  const adapter = stubbed('paymentIntents', async () => (answer instanceof Error ? Promise.reject(answer) : answer));
  await expect(charge(adapter)).rejects.toMatchObject({ name: 'PaymentDeclined', code });
});

test('other Stripe errors stay ordinary errors, so the activity retries them', async () => {
  const adapter = stubbed('paymentIntents', async () =>
    Promise.reject(new Stripe.errors.StripeAPIError({ type: 'api_error', message: 'Stripe is down' })),
  );
  const outcome = await charge(adapter).catch((error: unknown) => error);
  expect(outcome).toBeInstanceOf(Stripe.errors.StripeAPIError);
  expect(outcome).not.toBeInstanceOf(PaymentDeclined);
});
