// Stripe's webhook events: verified with the official SDK (no API call; the key below is never used to call Stripe).
import Stripe from 'stripe';
import { STRIPE_REFERENCE_KEY } from './stripe-charge';

const sdk = new Stripe('sk_webhook_verification_only');

export interface Settlement {
  /** What the charge was for: a checkout id, or a subscription order id for a renewal. */
  reference: string;
  /** The charge (PaymentIntent) it settles. */
  chargeId: string;
  succeeded: boolean;
  reason?: string;
}

/** The settlement a verified event reports, or null for events Bursar does not act on. Throws on a bad signature. */
export function settlementFrom(rawBody: string, signature: string, secret: string): Settlement | null {
  const event = sdk.webhooks.constructEvent(rawBody, signature, secret);
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return null;
  const intent = event.data.object;
  const reference = intent.metadata?.[STRIPE_REFERENCE_KEY];
  if (!reference) return null;
  return event.type === 'payment_intent.succeeded'
    ? { reference, chargeId: intent.id, succeeded: true }
    : {
        reference,
        chargeId: intent.id,
        succeeded: false,
        reason: intent.last_payment_error?.message ?? 'The payment failed.',
      };
}
