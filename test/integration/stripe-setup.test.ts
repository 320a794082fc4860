// The Stripe adapter's SetupIntents (adding a saved method from the portal): its requests against stripe-mock, which
// checks them against Stripe's API spec, and how each state of an intent is answered.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
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

const setup = (adapter: StripePaymentProcessor, customerId = 'cus_1') =>
  adapter.setupPaymentMethod({
    customerId,
    confirmationToken: 'ctoken_123',
    returnUrl: 'https://shop.example/back',
    idempotencyKey: randomUUID(),
  });

test('stripe-mock accepts the SetupIntent and its retrieval; its canned intent (never confirmed) is a refusal', async () => {
  const { customerId } = await processor.createCustomer({ email: 'b@example.com', idempotencyKey: randomUUID() });
  await expect(setup(processor, customerId)).rejects.toMatchObject({
    name: 'PaymentDeclined',
    message: expect.stringContaining('could not be set up'),
  });
  // stripe-mock's intent belongs to no customer of ours: confirming it finds nothing.
  await expect(processor.confirmSetup({ customerId, setupIntentId: 'seti_123' })).resolves.toBeNull();
});

/** The adapter with SetupIntents answered by `intent`. */
function stubbed(intent: Partial<Stripe.SetupIntent>): StripePaymentProcessor {
  const adapter = new StripePaymentProcessor({ secretKey: 'sk_test_123' });
  const stripe = (adapter as unknown as { stripe: Stripe }).stripe;
  const answer = async () => ({ id: 'seti_1', customer: 'cus_1', ...intent });
  jest.spyOn(stripe.setupIntents, 'create').mockImplementation(answer as never);
  jest.spyOn(stripe.setupIntents, 'retrieve').mockImplementation(answer as never);
  jest.spyOn(stripe.paymentMethods, 'retrieve').mockImplementation((async () => ({
    id: 'pm_1',
    type: 'card',
    card: { brand: 'visa', last4: '3155', fingerprint: 'fp', exp_month: 4, exp_year: 2031 },
  })) as never);
  return adapter;
}

test('a succeeded intent saves its method; one needing 3-D Secure answers its client secret, confirmable later', async () => {
  await expect(setup(stubbed({ status: 'succeeded', payment_method: 'pm_1' }))).resolves.toEqual({
    status: 'succeeded',
    method: {
      token: 'pm_1',
      type: 'card',
      brand: 'visa',
      last4: '3155',
      fingerprint: 'fp',
      expMonth: 4,
      expYear: 2031,
    },
  });
  const pending = stubbed({ status: 'requires_action', client_secret: 'seti_1_secret_x' });
  await expect(setup(pending)).resolves.toEqual({
    status: 'requires_action',
    setupIntentId: 'seti_1',
    clientSecret: 'seti_1_secret_x',
  });
  const done = stubbed({ status: 'succeeded', payment_method: 'pm_1' });
  await expect(done.confirmSetup({ customerId: 'cus_1', setupIntentId: 'seti_1' })).resolves.toMatchObject({
    status: 'succeeded',
  });
  await expect(done.confirmSetup({ customerId: 'cus_other', setupIntentId: 'seti_1' })).resolves.toBeNull();
  const failed = stubbed({
    status: 'requires_payment_method',
    last_setup_error: { message: 'Card declined' } as never,
  });
  await expect(setup(failed)).rejects.toMatchObject({
    name: 'PaymentDeclined',
    message: expect.stringContaining('Card declined'),
  });
});
