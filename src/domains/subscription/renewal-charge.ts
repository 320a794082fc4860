// Charging a subscription's order off-session with its saved payment method (undo-renewal-charge.ts undoes it).
import { PaymentDeclined } from '../../adapters/payment/payment-processor';
import type { Order } from '../order';
import type { BillingDeps } from './billing-deps';
import { Subscription } from './subscription.entity';
import { isUnrecoverableDecline } from './dunning.logic';

/** Charged (`pending`: the processor settles it later, within `settleWithinMs`), or declined. */
export type RenewalCharge =
  | { chargeId: string | null; pending?: boolean; settleWithinMs?: number }
  | { declined: string; unrecoverable: boolean };

/** Charges the order with the subscription's saved method; the key comes from the workflow (order, attempt). */
export async function chargeRenewal(
  deps: BillingDeps,
  orderId: string,
  attempt: number,
  /** The order and its subscription as the caller just wrote them (the renewal step), not read again. */
  known?: { order: Order; subscription: Subscription },
): Promise<RenewalCharge> {
  const em = deps.orm.em.fork();
  const order = known?.order ?? (await deps.orders.findById(em, orderId));
  if (order.status === 'paid') return { chargeId: order.chargeId }; // a retried step
  if (order.status === 'void')
    return { declined: 'The order was voided: the subscription ended.', unrecoverable: true };
  if (order.totalAmount <= 0) return { chargeId: null };
  const s = known?.subscription ?? (await em.findOneOrFail(Subscription, { id: order.subscriptionId! }));
  if (!deps.processor) return { declined: 'No payment processor is configured.', unrecoverable: true };
  // No method yet (a free plan changed to a paid one): dunning, whose pay link lets the customer add one.
  if (!s.paymentMethodToken || !s.processorCustomerId)
    return { declined: 'No payment method is saved for this subscription.', unrecoverable: false };
  try {
    // A charge the processor settles later stays `pending`: its webhook tells the workflow (see the README).
    const { chargeId, pending } = await deps.payments.charge({
      organizationId: order.organizationId,
      customerId: order.customerId,
      customerEmail: null,
      checkoutId: null,
      orderId: order.id,
      // The first attempt is the cycle's; later ones are dunning's retries.
      trigger: attempt > 1 ? 'retry_dunning' : 'subscription_cycle',
      processorCustomerId: s.processorCustomerId,
      paymentMethod: s.paymentMethodToken,
      amount: order.totalAmount,
      currency: order.currency,
      idempotencyKey: `order:${order.id}:charge:${attempt}`,
      reference: order.id,
    });
    return pending ? { chargeId, pending, settleWithinMs: deps.settlementTimeoutMs } : { chargeId };
  } catch (error) {
    if (error instanceof PaymentDeclined)
      return { declined: error.message, unrecoverable: isUnrecoverableDecline(error.code) };
    throw error;
  }
}
