// What happens to a payment after its attempt: the processor settles a pending one (its webhook, or a cancellation
// when it never did), and a checkout's completion links its payment to the order it paid for. A payment of an order
// that succeeded is told to the domains that follow payments, in the same transaction.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import type { PaymentFollower } from './payment-deps';

/** The columns followers are told of. */
export const PAYMENT_ROW = `id, organization_id, order_id, processor_charge_id, amount, currency, status, checkout_id,
  customer_id, decline_reason, decline_message`;
export interface PaymentRow {
  id: string;
  organization_id: string;
  order_id: string | null;
  processor_charge_id: string | null;
  customer_id: string | null;
  amount: number;
  currency: string;
  status: string;
  decline_reason: string | null;
  decline_message: string | null;
}

export async function tellFollowers(followers: readonly PaymentFollower[], tx: Tx, rows: PaymentRow[]) {
  for (const row of rows) {
    const payment = {
      id: row.id,
      organizationId: row.organization_id,
      customerId: row.customer_id,
      amount: row.amount,
      currency: row.currency,
    };
    if (row.status === 'failed') {
      const declined = {
        ...payment,
        orderId: row.order_id,
        reason: row.decline_reason ?? '',
        message: row.decline_message ?? '',
      };
      for (const follower of followers) await follower.declined?.(tx, declined);
    }
    if (row.status !== 'succeeded' || !row.order_id || !row.processor_charge_id) continue;
    const succeeded = { ...payment, orderId: row.order_id, chargeId: row.processor_charge_id };
    for (const follower of followers) await follower.succeeded(tx, succeeded);
  }
}

/** A pending payment settled by the processor; one already settled stays as it is (a late or repeated event). */
export async function settlePayment(
  em: EntityManager,
  clock: Clock,
  chargeId: string,
  outcome: { succeeded: true } | { succeeded: false; reason: string; message: string },
): Promise<void> {
  await em.execute(
    `update payment set status = ?, decline_reason = ?, decline_message = ?, modified_at = ?
     where processor_charge_id = ? and status = 'pending'`,
    outcome.succeeded
      ? ['succeeded', null, null, clock.now(), chargeId]
      : ['failed', outcome.reason, outcome.message, clock.now(), chargeId],
  );
}

/** Why a pending charge was canceled: the wait for its settlement ended, or what it paid for could not wait. */
export const NEVER_SETTLED = 'The processor never settled it; it was canceled.';
export const NOT_AT_ONCE = 'Canceled: it could not be completed at once.';

/**
 * A pending charge that cannot wait for its settlement: canceled at the processor, unless it went through meanwhile,
 * and its payment settled either way (`message` says why it was canceled).
 */
export async function cancelPendingCharge(
  deps: { orm: MikroORM; clock: Clock; processor: PaymentProcessor | null },
  input: { chargeId: string; idempotencyKey: string; message: string },
): Promise<'canceled' | 'succeeded'> {
  const { chargeId, idempotencyKey, message } = input;
  const outcome = await deps.processor!.cancelCharge({ chargeId, idempotencyKey });
  await settlePayment(
    deps.orm.em.fork(),
    deps.clock,
    chargeId,
    outcome === 'succeeded' ? { succeeded: true } : { succeeded: false, reason: 'canceled', message },
  );
  return outcome;
}

/** The payment of a charge, linked to the order it paid for and the customer it made (in the caller's transaction). */
export async function linkPayment(
  tx: Tx,
  deps: { clock: Clock; followers: readonly PaymentFollower[] },
  chargeId: string,
  link: { orderId: string; customerId: string },
): Promise<void> {
  const rows = await tx.em.execute<PaymentRow[]>(
    `update payment set order_id = ?, customer_id = ?, modified_at = ?
     where processor_charge_id = ? and order_id is null returning ${PAYMENT_ROW}`,
    [link.orderId, link.customerId, deps.clock.now(), chargeId],
  );
  await tellFollowers(deps.followers, tx, rows);
}
