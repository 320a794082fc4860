// The only way to charge a customer: the processor's charge needs a ticket only this step makes, and the attempt's
// outcome is written as its payment (one row per idempotency key) before the caller learns it.
import {
  PaymentDeclined,
  type ChargeTicket,
  type PaymentMethodDetails,
} from '../../adapters/payment/payment-processor';
import type { PaymentStatus, PaymentTrigger } from '../../contracts/payment';
import { newId } from '../../kernel/ids';
import { inTransaction } from '../../platform/database/transaction';
import type { PaymentDeps } from './payment-deps';
import { PAYMENT_ROW, tellFollowers, type PaymentRow } from './settle-payment';
import type { EntityManager } from '@mikro-orm/postgresql';

/** One charge attempt: what the processor needs, and what its payment record says it was for. */
export interface PaymentCharge {
  organizationId: string;
  /** Bursar's customer when there is one yet, and the e-mail the customer pays with. */
  customerId: string | null;
  customerEmail: string | null;
  checkoutId: string | null;
  orderId: string | null;
  /** What started it (null for what the 1.x enum has no value for: a plan change's invoice). */
  trigger: PaymentTrigger | null;
  processorCustomerId: string;
  paymentMethod: string;
  amount: number;
  currency: string;
  /** From workflow data: the same key is the same charge and the same payment. */
  idempotencyKey: string;
  /** What the processor quotes back in its events (a checkout or order id). */
  reference: string;
}

export interface ChargedPayment {
  paymentId: string;
  chargeId: string;
  pending?: boolean;
}

/**
 * Charges once per idempotency key and records the attempt (pending, succeeded, or failed with the decline's code and
 * message); a decline is thrown as PaymentDeclined after its payment is written. A technical failure writes nothing:
 * the retried step asks the processor again with the same key and records what it answers.
 */
export async function chargePayment(deps: PaymentDeps, input: PaymentCharge): Promise<ChargedPayment> {
  const processor = deps.processor;
  if (!processor) throw new PaymentDeclined('card_declined', 'No payment processor is configured.');
  const held = input.orderId ? await chargeOfOrder(deps, input.orderId, input.idempotencyKey) : null;
  if (held) return held;
  const method = await processor.describePaymentMethod({
    customerId: input.processorCustomerId,
    paymentMethod: input.paymentMethod,
  });
  const ticket = { paymentKey: input.idempotencyKey } as ChargeTicket;
  try {
    const charged = await processor.charge({
      ticket,
      customerId: input.processorCustomerId,
      paymentMethod: input.paymentMethod,
      amount: input.amount,
      currency: input.currency,
      idempotencyKey: input.idempotencyKey,
      reference: input.reference,
    });
    const status = charged.pending ? 'pending' : 'succeeded';
    const paymentId = await record(deps, input, method, { status, chargeId: charged.chargeId });
    return { paymentId, ...charged };
  } catch (error) {
    if (error instanceof PaymentDeclined)
      await record(deps, input, method, { status: 'failed', reason: error.code, message: error.message });
    throw error;
  }
}

/**
 * The attempt's payment, written once: a retried step finds it (and a settlement made since stands). A renewal's
 * succeeded payment names its order: its followers learn of it in the same transaction.
 */
function record(
  deps: PaymentDeps,
  input: PaymentCharge,
  method: PaymentMethodDetails | null,
  outcome: { status: PaymentStatus; chargeId?: string; reason?: string; message?: string },
): Promise<string> {
  return inTransaction(deps.orm, async (tx) => {
    const inserted = await insert(tx.em, deps, input, method, outcome);
    if (inserted) await tellFollowers(deps.followers, tx, [inserted]);
    if (inserted) return inserted.id;
    const [row] = await tx.em.execute<{ id: string }[]>('select id from payment where idempotency_key = ?', [
      input.idempotencyKey,
    ]);
    return row.id;
  });
}

async function insert(
  em: EntityManager,
  deps: PaymentDeps,
  input: PaymentCharge,
  method: PaymentMethodDetails | null,
  outcome: { status: PaymentStatus; chargeId?: string; reason?: string; message?: string },
): Promise<PaymentRow | undefined> {
  const [row] = await em.execute<PaymentRow[]>(
    `insert into payment (id, organization_id, idempotency_key, status, amount, currency, processor_charge_id, method,
       brand, last4, "trigger", decline_reason, decline_message, checkout_id, order_id, customer_id, customer_email,
       created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing
     returning ${PAYMENT_ROW}`,
    [
      newId(),
      input.organizationId,
      input.idempotencyKey,
      outcome.status,
      input.amount,
      input.currency,
      outcome.chargeId ?? null,
      method?.type ?? 'unknown',
      method?.brand ?? null,
      method?.last4 ?? null,
      input.trigger,
      outcome.reason ?? null,
      outcome.message ?? null,
      input.checkoutId,
      input.orderId,
      input.customerId,
      input.customerEmail,
      deps.clock.now(),
    ],
  );
  return row;
}

/**
 * An order is charged once: an attempt under another key (a retry after a step that charged but failed before the
 * order was marked paid, a pay-now beside a dunning retry) gets the charge that already went through or is settling.
 */
async function chargeOfOrder(deps: PaymentDeps, orderId: string, key: string): Promise<ChargedPayment | null> {
  const [row] = await deps.orm.em.fork().execute<{ id: string; processor_charge_id: string; status: string }[]>(
    `select id, processor_charge_id, status from payment
     where order_id = ? and idempotency_key <> ? and status in ('succeeded', 'pending') and processor_charge_id is not null
     order by created_at limit 1`,
    [orderId, key],
  );
  if (!row) return null;
  return { paymentId: row.id, chargeId: row.processor_charge_id, ...(row.status === 'pending' && { pending: true }) };
}
