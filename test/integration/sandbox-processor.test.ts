// The sandbox payment processor against the real sandbox database: test cards and tokens, idempotency, refunds.
import { randomUUID } from 'node:crypto';
import { PaymentDeclined, type ChargeTicket } from '../../src/adapters/payment/payment-processor';
import { SandboxPaymentProcessor } from '../../src/adapters/payment/sandbox-processor';
import { startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
let processor: SandboxPaymentProcessor;
beforeAll(async () => {
  h = await startHarness();
  processor = new SandboxPaymentProcessor(h.env.sandbox.orm);
});
afterAll(() => h.close());

const key = () => randomUUID();
const customer = async () =>
  (await processor.createCustomer({ email: 'buyer@example.com', idempotencyKey: key() })).customerId;
const save = async (customerId: string, confirmationToken: string) =>
  processor.savePaymentMethod({ customerId, confirmationToken, idempotencyKey: key() });
const charge = (customerId: string, paymentMethod: string, amount = 1000, idempotencyKey = key()) =>
  processor.charge({ ticket, customerId, paymentMethod, amount, currency: 'usd', idempotencyKey, reference: 'test' });
/** The adapter alone, without the payment domain that normally makes the ticket. */
const ticket = { paymentKey: 'adapter-test' } as ChargeTicket;

test.each([
  ['4242 4242 4242 4242', null],
  ['pm_card_visa', null],
  ['4000 0000 0000 0002', 'card_declined'],
  ['pm_card_chargeDeclined', 'card_declined'],
  ['4000 0000 0000 9995', 'insufficient_funds'],
  ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
  ['4000 0000 0000 0341', 'card_declined'],
  ['pm_card_chargeCustomerFail', 'card_declined'],
  ['4000 0027 6000 3184', 'authentication_required'],
  ['pm_card_authenticationRequired', 'authentication_required'],
])('%s saves, and charging it gives %p', async (card, failure) => {
  const customerId = await customer();
  const method = await save(customerId, card);
  expect(method).toMatchObject({
    brand: 'visa',
    last4: expect.stringMatching(/^\d{4}$/),
    token: expect.stringMatching(/^pm_sandbox_/),
  });
  if (failure === null)
    expect(await charge(customerId, method.token)).toEqual({ chargeId: expect.stringMatching(/^ch_sandbox_/) });
  else await expect(charge(customerId, method.token)).rejects.toMatchObject({ code: failure, name: 'PaymentDeclined' });
});

test('unknown cards are refused; card numbers are never stored; one card has one fingerprint', async () => {
  const customerId = await customer();
  await expect(save(customerId, '4111 1111 1111 1111')).rejects.toBeInstanceOf(PaymentDeclined);
  const a = await save(customerId, '4242424242424242');
  const b = await save(await customer(), 'pm_card_visa');
  expect(a.fingerprint).toBe(b.fingerprint);
  expect(a.token).not.toBe(b.token);
  const rows = await h.env.sandbox.orm.em.fork().execute('select * from sandbox_processor_payment_method');
  expect(JSON.stringify(rows)).not.toContain('4242424242424242');
});

test('the same idempotency key never charges twice, also concurrently, and replays declines', async () => {
  const customerId = await customer();
  const visa = await save(customerId, 'pm_card_visa');
  const idempotencyKey = key();
  const results = await Promise.all(
    Array.from({ length: 5 }, () => charge(customerId, visa.token, 1500, idempotencyKey)),
  );
  expect(new Set(results.map((r) => r.chargeId)).size).toBe(1);
  const [{ n }] = await h.env.sandbox.orm.em
    .fork()
    .execute('select count(*)::int as n from sandbox_processor_charge where idempotency_key = ?', [idempotencyKey]);
  expect(n).toBe(1);
  await expect(charge(customerId, visa.token, 9999, idempotencyKey)).rejects.toThrow(/used for another charge/);

  const declined = await save(customerId, 'pm_card_chargeDeclined');
  const declineKey = key();
  await expect(charge(customerId, declined.token, 1000, declineKey)).rejects.toMatchObject({ code: 'card_declined' });
  await expect(charge(customerId, declined.token, 1000, declineKey)).rejects.toMatchObject({ code: 'card_declined' });
});

test('refunds are idempotent and bounded by the charge', async () => {
  const customerId = await customer();
  const visa = await save(customerId, 'pm_card_visa');
  const { chargeId } = await charge(customerId, visa.token, 1000);
  const refundKey = key();
  const first = await processor.refund({ chargeId, amount: 600, idempotencyKey: refundKey });
  expect(await processor.refund({ chargeId, amount: 600, idempotencyKey: refundKey })).toEqual(first);
  await expect(processor.refund({ chargeId, amount: 500, idempotencyKey: key() })).rejects.toThrow(/exceeds/);
  await expect(processor.refund({ chargeId, amount: 400, idempotencyKey: key() })).resolves.toEqual({
    refundId: expect.stringMatching(/^re_sandbox_/),
  });
});
