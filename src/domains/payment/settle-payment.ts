// What happens to a payment after its attempt: the processor settles a pending one (its webhook, or a cancellation
// when it never did), and a checkout's completion links its payment to the order it paid for.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';

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

/** The payment of a charge, linked to the order it paid for and the customer it made (in the caller's transaction). */
export async function linkPayment(
  em: EntityManager,
  clock: Clock,
  chargeId: string,
  link: { orderId: string; customerId: string },
): Promise<void> {
  await em.execute(
    `update payment set order_id = ?, customer_id = ?, modified_at = ?
     where processor_charge_id = ? and (order_id is null or customer_id is null)`,
    [link.orderId, link.customerId, clock.now(), chargeId],
  );
}
