// The built-in sandbox processor: behaves like the well-known processor's test cards, and keeps its records in the
// sandbox database so that idempotency keys hold across worker crashes (a retried charge returns the first outcome).
import { createHash, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  PaymentDeclined,
  RefundDeclined,
  type DeclineCode,
  type PaymentProcessor,
  type SavedPaymentMethod,
} from './payment-processor';
import { testCardFor } from './sandbox-cards';

interface ChargeRow {
  id: string;
  customer_id: string;
  payment_method: string;
  amount: number;
  currency: string;
  /** The sandbox settles every charge at once; only tests put one in `processing`, as a processor may leave it. */
  status: 'succeeded' | 'failed' | 'processing' | 'canceled';
  failure_code: DeclineCode | null;
  failure_message: string | null;
}

export class SandboxPaymentProcessor implements PaymentProcessor {
  readonly name = 'stripe' as const;

  constructor(private readonly orm: MikroORM) {}

  async createCustomer(input: { email: string; idempotencyKey: string }): Promise<{ customerId: string }> {
    const em = this.orm.em.fork();
    await em.execute(
      'insert into sandbox_processor_customer (id, idempotency_key, email) values (?, ?, ?) on conflict (idempotency_key) do nothing',
      [`cus_sandbox_${randomUUID()}`, input.idempotencyKey, input.email],
    );
    const [row] = await em.execute<{ id: string }[]>(
      'select id from sandbox_processor_customer where idempotency_key = ?',
      [input.idempotencyKey],
    );
    return { customerId: row.id };
  }

  async savePaymentMethod(input: {
    customerId: string;
    confirmationToken: string;
    idempotencyKey: string;
  }): Promise<SavedPaymentMethod> {
    const card = testCardFor(input.confirmationToken);
    if (!card)
      throw new PaymentDeclined(
        'incorrect_number',
        'The sandbox accepts only test cards and test payment-method tokens.',
      );
    const em = this.orm.em.fork();
    await em.execute(
      `insert into sandbox_processor_payment_method (token, idempotency_key, customer_id, brand, last4, fingerprint, charge_fails, failure_message)
       values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
      [
        `pm_sandbox_${randomUUID()}`,
        input.idempotencyKey,
        input.customerId,
        card.brand,
        card.number.slice(-4),
        fingerprint(card.number),
        card.chargeFails,
        card.message,
      ],
    );
    const [row] = await em.execute<(SavedPaymentMethod & { customer_id: string })[]>(
      'select token, brand, last4, fingerprint, customer_id from sandbox_processor_payment_method where idempotency_key = ?',
      [input.idempotencyKey],
    );
    return { token: row.token, type: 'card', brand: row.brand, last4: row.last4, fingerprint: row.fingerprint };
  }

  async charge(input: {
    customerId: string;
    paymentMethod: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    reference?: string;
  }): Promise<{ chargeId: string }> {
    const em = this.orm.em.fork();
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
    if (charge.status === 'failed')
      throw new PaymentDeclined(charge.failure_code ?? 'card_declined', charge.failure_message ?? 'Declined');
    return { chargeId: charge.id };
  }

  /** A charge still processing is canceled; a settled one answers what it became (a failed one moved no money). */
  async cancelCharge(input: { chargeId: string; idempotencyKey: string }): Promise<'canceled' | 'succeeded'> {
    const em = this.orm.em.fork();
    await em.execute("update sandbox_processor_charge set status = 'canceled' where id = ? and status = 'processing'", [
      input.chargeId,
    ]);
    const [charge] = await em.execute<ChargeRow[]>('select * from sandbox_processor_charge where id = ?', [
      input.chargeId,
    ]);
    if (!charge) throw new Error(`No charge ${input.chargeId}`);
    return charge.status === 'succeeded' ? 'succeeded' : 'canceled';
  }

  /** Sandbox refunds complete at once. */
  async refundStatus(refundId: string): Promise<'pending' | 'succeeded' | 'failed'> {
    const [row] = await this.orm.em
      .fork()
      .execute<{ id: string }[]>('select id from sandbox_processor_refund where id = ?', [refundId]);
    return row ? 'succeeded' : 'failed';
  }

  async refund(input: { chargeId: string; amount: number; idempotencyKey: string }): Promise<{ refundId: string }> {
    return this.orm.em.fork().transactional(async (em) => {
      const [charge] = await em.execute<ChargeRow[]>(
        "select * from sandbox_processor_charge where id = ? and status = 'succeeded' for update",
        [input.chargeId],
      );
      if (!charge) throw new RefundDeclined(`No succeeded charge ${input.chargeId}`);
      const [existing] = await em.execute<{ id: string }[]>(
        'select id from sandbox_processor_refund where idempotency_key = ?',
        [input.idempotencyKey],
      );
      if (existing) return { refundId: existing.id };
      const [{ refunded }] = await em.execute<{ refunded: number }[]>(
        'select coalesce(sum(amount), 0)::int as refunded from sandbox_processor_refund where charge_id = ?',
        [input.chargeId],
      );
      if (input.amount <= 0 || refunded + input.amount > charge.amount) {
        throw new RefundDeclined(
          `Refund of ${input.amount} exceeds what remains of charge ${input.chargeId} (${charge.amount - refunded})`,
        );
      }
      const id = `re_sandbox_${randomUUID()}`;
      await em.execute(
        'insert into sandbox_processor_refund (id, idempotency_key, charge_id, amount) values (?, ?, ?, ?)',
        [id, input.idempotencyKey, input.chargeId, input.amount],
      );
      return { refundId: id };
    });
  }
}

/** The same card number always gives the same fingerprint, and the number cannot be read back from it. */
function fingerprint(number: string): string {
  return createHash('sha256').update(`bursar-sandbox-card:${number}`).digest('base64url').slice(0, 16);
}
