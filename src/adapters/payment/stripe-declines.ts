// Card errors of Stripe's as PaymentDeclined with its decline code; anything else (network, server) stays retryable.
import Stripe from 'stripe';
import { PaymentDeclined, type DeclineCode } from './payment-processor';

const DECLINE_CODES: Record<string, DeclineCode> = {
  insufficient_funds: 'insufficient_funds',
  authentication_required: 'authentication_required',
  incorrect_number: 'incorrect_number',
};

/** Card errors become PaymentDeclined with Stripe's decline code; anything else (network, server) stays retryable. */
export async function declines<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new PaymentDeclined(
        DECLINE_CODES[error.decline_code ?? error.code ?? ''] ?? 'card_declined',
        error.message,
      );
    }
    throw error;
  }
}
