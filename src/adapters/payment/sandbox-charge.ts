// A sandbox charge: settled at once by the test card's outcome, once per idempotency key (a retry gets the first
// outcome; the key used for another charge is an error).
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PaymentDeclined, type DeclineCode } from './payment-processor';
import type { ChargeRow } from './sandbox-charge-row';

export async function sandboxCharge(
  orm: MikroORM,
  input: {
    customerId: string;
    paymentMethod: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    reference?: string;
  },
): Promise<{ chargeId: string }> {
  const em = orm.em.fork();
  const [method] = await em.execute<{ charge_fails: DeclineCode | null; failure_message: string }[]>(
    'select charge_fails, failure_message from sandbox_processor_payment_method where token = ? and customer_id = ?',
    [input.paymentMethod, input.customerId],
  );
  if (!method) throw new PaymentDeclined('card_declined', 'No such payment method for this customer.');
  await em.execute(
    `insert into sandbox_processor_charge (id, idempotency_key, customer_id, payment_method, amount, currency, status, failure_code, failure_message)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
    [
      `ch_sandbox_${randomUUID()}`,
      input.idempotencyKey,
      input.customerId,
      input.paymentMethod,
      input.amount,
      input.currency,
      method.charge_fails ? 'failed' : 'succeeded',
      method.charge_fails,
      method.charge_fails ? method.failure_message : null,
    ],
  );
  const [charge] = await em.execute<ChargeRow[]>('select * from sandbox_processor_charge where idempotency_key = ?', [
    input.idempotencyKey,
  ]);
  if (charge.amount !== input.amount || charge.payment_method !== input.paymentMethod) {
    throw new Error(`Idempotency key ${input.idempotencyKey} was used for another charge`);
  }
  // A test card disputed after a successful charge: the cardholder's bank opens it at once.
  if (charge.status === 'succeeded')
    await em.execute(
      `insert into sandbox_processor_dispute (id, charge_id, amount, reason, outcome, status)
       select ?, c.id, c.amount, m.dispute_reason, m.dispute_outcome, 'needs_response'
       from sandbox_processor_charge c join sandbox_processor_payment_method m on m.token = c.payment_method
       where c.id = ? and m.dispute_reason is not null on conflict (charge_id) do nothing`,
      [`dp_sandbox_${randomUUID()}`, charge.id],
    );
  if (charge.status === 'failed')
    throw new PaymentDeclined(charge.failure_code ?? 'card_declined', charge.failure_message ?? 'Declined');
  return { chargeId: charge.id };
}
