// Undoing a renewal charge: canceled when it never settled, refunded when it went through for an order voided meanwhile.
import { RefundDeclined } from '../../adapters/payment/payment-processor';
import type { BillingDeps } from './billing-deps';
import { NEVER_SETTLED } from '../payment';
import { logger } from '../../platform/logging/logger';

/** A renewal charge that never settled (or whose subscription ended meanwhile): canceled, unless it went through. */
export async function cancelRenewalCharge(
  deps: BillingDeps,
  orderId: string,
  chargeId: string,
): Promise<'canceled' | 'succeeded'> {
  return deps.payments.cancelPending({
    chargeId,
    idempotencyKey: `order:${orderId}:cancel:${chargeId}`,
    message: NEVER_SETTLED,
  });
}

/** Compensation: the whole of a renewal charge that went through for an order voided meanwhile is given back. */
export async function refundRenewalCharge(
  deps: BillingDeps,
  orderId: string,
  chargeId: string,
): Promise<'refunded' | 'refused'> {
  const order = await deps.orders.findById(deps.orm.em.fork(), orderId);
  try {
    await deps.processor!.refund({
      chargeId,
      amount: order.totalAmount,
      idempotencyKey: `order:${orderId}:compensation:${chargeId}`,
    });
    return 'refunded';
  } catch (error) {
    if (!(error instanceof RefundDeclined)) throw error;
    logger().error(
      { err: error, order_id: orderId, charge_id: chargeId },
      'the processor refused to refund the charge of a renewal that failed',
    );
    return 'refused';
  }
}
