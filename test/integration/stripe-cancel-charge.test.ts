// Canceling a charge Stripe still processes: the request stripe-mock checks against Stripe's API spec, and what the
// adapter answers when Stripe refuses because the intent settled meanwhile.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { StripePaymentProcessor } from '../../src/adapters/payment/stripe-processor';
import { freePort } from '../support/free-port';
import { eventually } from '../support/harness';

let mock: ChildProcess;
let port: number;

beforeAll(async () => {
  const binary = process.env.STRIPE_MOCK_PATH;
  if (!binary) throw new Error('STRIPE_MOCK_PATH is not set: run the suite with ./run test, which builds stripe-mock');
  port = await freePort();
  mock = spawn(binary, ['-http-port', String(port)], { stdio: 'ignore' });
  await eventually(() =>
    fetch(`http://127.0.0.1:${port}/v1/customers`, { headers: { authorization: 'Bearer sk_test_123' } }).then(
      (r) => r.ok,
      () => false,
    ),
  );
});
afterAll(() => mock?.kill());

test('stripe-mock accepts the cancellation of a PaymentIntent', async () => {
  const processor = new StripePaymentProcessor({ secretKey: 'sk_test_123', host: '127.0.0.1', port, protocol: 'http' });
  await expect(processor.cancelCharge({ chargeId: 'pi_123', idempotencyKey: randomUUID() })).resolves.toBe('canceled');
});

/** The adapter whose cancel Stripe refuses (the intent's state no longer allows it), and whose intent is `status`. */
function refusedWhile(status: string): StripePaymentProcessor {
  const adapter = new StripePaymentProcessor({ secretKey: 'sk_test_123' });
  const { paymentIntents } = (adapter as unknown as { stripe: Stripe }).stripe;
  const refusal = new Stripe.errors.StripeInvalidRequestError({
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: 'No.',
  });
  jest.spyOn(paymentIntents, 'cancel').mockImplementation((() => Promise.reject(refusal)) as never);
  jest.spyOn(paymentIntents, 'retrieve').mockImplementation((async () => ({ id: 'pi_1', status })) as never);
  return adapter;
}

test.each([
  ['succeeded', 'succeeded'],
  ['canceled', 'canceled'],
  ['requires_payment_method', 'canceled'],
])('refused while the intent is %s: %s', async (status, answer) => {
  await expect(refusedWhile(status).cancelCharge({ chargeId: 'pi_1', idempotencyKey: 'k' })).resolves.toBe(answer);
});

test('refused while still processing: an ordinary error, so the activity retries until the intent settles', async () => {
  await expect(refusedWhile('processing').cancelCharge({ chargeId: 'pi_1', idempotencyKey: 'k' })).rejects.toThrow(
    'pi_1 is processing',
  );
});
