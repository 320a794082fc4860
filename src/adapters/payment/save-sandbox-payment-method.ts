// A test card saved as a sandbox payment method, once per idempotency key: its brand, last digits, fingerprint, and
// whether its charges fail.
import { createHash, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PaymentDeclined, type SavedPaymentMethod } from './payment-processor';
import { testCardFor } from './sandbox-cards';

export async function saveSandboxPaymentMethod(
  orm: MikroORM,
  input: {
    customerId: string;
    confirmationToken: string;
    idempotencyKey: string;
  },
): Promise<SavedPaymentMethod> {
  const card = testCardFor(input.confirmationToken);
  if (!card)
    throw new PaymentDeclined(
      'incorrect_number',
      'The sandbox accepts only test cards and test payment-method tokens.',
    );
  const em = orm.em.fork();
  await em.execute(
    `insert into sandbox_processor_payment_method (token, idempotency_key, customer_id, brand, last4, fingerprint, charge_fails, failure_message,
       dispute_reason, dispute_outcome)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
    [
      `pm_sandbox_${randomUUID()}`,
      input.idempotencyKey,
      input.customerId,
      card.brand,
      card.number.slice(-4),
      fingerprint(card.number),
      card.chargeFails,
      card.message,
      card.dispute?.reason ?? null,
      card.dispute?.outcome ?? null,
    ],
  );
  const [row] = await em.execute<(SavedPaymentMethod & { customer_id: string })[]>(
    'select token, brand, last4, fingerprint, customer_id from sandbox_processor_payment_method where idempotency_key = ?',
    [input.idempotencyKey],
  );
  // Like the processor's test cards, any future expiry would do: the sandbox's expire at the end of next year.
  const expYear = new Date().getUTCFullYear() + 1;
  return {
    token: row.token,
    type: 'card',
    brand: row.brand,
    last4: row.last4,
    fingerprint: row.fingerprint,
    expMonth: 12,
    expYear,
  };
}

/** The same card number always gives the same fingerprint, and the number cannot be read back from it. */
function fingerprint(number: string): string {
  return createHash('sha256').update(`bursar-sandbox-card:${number}`).digest('base64url').slice(0, 16);
}
