// An off-session charge with Stripe: a confirmed PaymentIntent carrying what it was for; one needing authentication,
// or not succeeding, is declined; one still processing is settled later by Stripe's webhook.
import type Stripe from 'stripe';
import { PaymentDeclined } from './payment-processor';
import { declines } from './stripe-declines';

/** The PaymentIntent metadata key that carries what a charge was for (the checkout id). */
export const STRIPE_REFERENCE_KEY = 'bursar_reference';

export async function chargeWithStripe(
  stripe: Stripe,
  input: {
    customerId: string;
    paymentMethod: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    reference: string;
  },
): Promise<{ chargeId: string; pending?: boolean }> {
  const intent = await declines(() =>
    stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        customer: input.customerId,
        payment_method: input.paymentMethod,
        off_session: true,
        confirm: true,
        metadata: { [STRIPE_REFERENCE_KEY]: input.reference },
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
  if (intent.status === 'requires_action')
    throw new PaymentDeclined(
      'authentication_required',
      'This payment requires authentication, which is not possible off-session.',
    );
  // Still processing: Stripe's payment_intent.succeeded or payment_intent.payment_failed webhook settles it.
  if (intent.status === 'processing') return { chargeId: intent.id, pending: true };
  if (intent.status !== 'succeeded')
    throw new PaymentDeclined('card_declined', `The payment did not go through (${intent.status}).`);
  return {
    chargeId: typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? intent.id),
  };
}
