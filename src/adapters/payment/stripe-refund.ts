// A refund with Stripe, of a charge or of a PaymentIntent settled later; one Stripe refuses is RefundDeclined.
import Stripe from 'stripe';
import { RefundDeclined } from './payment-processor';

export async function refundWithStripe(
  stripe: Stripe,
  input: {
    chargeId: string;
    amount: number;
    idempotencyKey: string;
  },
): Promise<{ refundId: string; pending?: boolean }> {
  const target = input.chargeId.startsWith('pi_') ? { payment_intent: input.chargeId } : { charge: input.chargeId };
  try {
    const refund = await stripe.refunds.create(
      { ...target, amount: input.amount },
      { idempotencyKey: input.idempotencyKey },
    );
    const status = refundStatusOf(refund.status);
    if (status === 'failed') throw new RefundDeclined(`The refund ${refund.id} was ${refund.status}.`);
    return { refundId: refund.id, pending: status === 'pending' };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundDeclined(error.message);
    throw error;
  }
}

/** Stripe's refund statuses as Bursar's: only `succeeded` moved the money; `pending` and `requires_action` may still. */
export function refundStatusOf(status: string | null): 'pending' | 'succeeded' | 'failed' {
  if (status === 'succeeded') return 'succeeded';
  return status === 'failed' || status === 'canceled' ? 'failed' : 'pending';
}
