// The built-in sandbox processor: behaves like the well-known processor's test cards, and keeps its records in the
// sandbox database so that idempotency keys hold across worker crashes (a retried charge returns the first outcome).
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type {
  ChargeRequest,
  PaymentMethodDetails,
  PaymentProcessor,
  SandboxDisputes,
  SavedPaymentMethod,
  SetupOutcome,
} from './payment-processor';
import { sandboxDisputes } from './sandbox-disputes';
import { sandboxConfirmSetup, sandboxSetup } from './sandbox-setup';
import { sandboxCharge } from './sandbox-charge';
import type { ChargeRow } from './sandbox-charge-row';
import { sandboxRefund } from './sandbox-refund';
import { saveSandboxPaymentMethod } from './save-sandbox-payment-method';

export class SandboxPaymentProcessor implements PaymentProcessor {
  readonly name = 'stripe' as const;

  readonly sandboxDisputes: SandboxDisputes;

  constructor(private readonly orm: MikroORM) {
    this.sandboxDisputes = sandboxDisputes(orm);
  }

  /** Accepting a dispute loses it. */
  async closeDispute(input: { disputeId: string }): Promise<void> {
    await this.sandboxDisputes.resolve(input.disputeId, 'lost');
  }

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

  savePaymentMethod(input: {
    customerId: string;
    confirmationToken: string;
    idempotencyKey: string;
  }): Promise<SavedPaymentMethod> {
    return saveSandboxPaymentMethod(this.orm, input);
  }

  setupPaymentMethod(input: {
    customerId: string;
    confirmationToken: string;
    idempotencyKey: string;
  }): Promise<SetupOutcome> {
    return sandboxSetup(this.orm, input);
  }

  confirmSetup(input: { customerId: string; setupIntentId: string }): Promise<SetupOutcome | null> {
    return sandboxConfirmSetup(this.orm, input);
  }

  charge(input: ChargeRequest): Promise<{ chargeId: string }> {
    return sandboxCharge(this.orm, input);
  }

  async describePaymentMethod(input: {
    customerId: string;
    paymentMethod: string;
  }): Promise<PaymentMethodDetails | null> {
    const [row] = await this.orm.em
      .fork()
      .execute<{ brand: string; last4: string }[]>(
        'select brand, last4 from sandbox_processor_payment_method where token = ? and customer_id = ?',
        [input.paymentMethod, input.customerId],
      );
    return row ? { type: 'card', brand: row.brand, last4: row.last4 } : null;
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

  refund(input: { chargeId: string; amount: number; idempotencyKey: string }): Promise<{ refundId: string }> {
    return sandboxRefund(this.orm, input);
  }
}
