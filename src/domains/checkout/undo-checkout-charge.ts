// Undoing a checkout's charge: canceled when it never settled, refunded when the session could not complete after it
// went through.
import { RefundDeclined } from '../../adapters/payment/payment-processor';
import { Checkout } from './checkout.entity';
import type { FlowDeps } from './flow-deps';
import { NEVER_SETTLED } from '../payment';
import { logger } from '../../platform/logging/logger';

/** A charge still processing when the wait for its settlement ended: canceled, unless it went through meanwhile. */
export async function cancelCheckoutCharge(
  deps: FlowDeps,
  checkoutId: string,
  chargeId: string,
): Promise<'canceled' | 'succeeded'> {
  return deps.payments.cancelPending({
    chargeId,
    idempotencyKey: `checkout:${checkoutId}:cancel:${chargeId}`,
    message: NEVER_SETTLED,
  });
}

/**
 * Compensation: the whole charge given back, when the checkout could not complete after it went through —
 * unless an attempt whose answer was lost did complete it (`completed`: the order stands, the charge with it). A
 * refund the processor refuses (`refused`) is reported, not retried for ever.
 */
export async function refundCheckoutCharge(
  deps: FlowDeps,
  checkoutId: string,
  chargeId: string,
): Promise<'refunded' | 'completed' | 'refused'> {
  const checkout = await deps.orm.em.fork().findOneOrFail(Checkout, { id: checkoutId });
  if (checkout.status === 'succeeded') return 'completed';
  try {
    await deps.processor!.refund({
      chargeId,
      amount: checkout.totalAmount,
      idempotencyKey: `checkout:${checkoutId}:compensation:${chargeId}`,
    });
    return 'refunded';
  } catch (error) {
    if (!(error instanceof RefundDeclined)) throw error;
    logger().error(
      { err: error, checkout_id: checkoutId, charge_id: chargeId },
      'the processor refused to refund the charge of a checkout that failed',
    );
    return 'refused';
  }
}
