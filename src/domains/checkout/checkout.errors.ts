// The checkout's business errors; its workflow reports them by name, and the API answers them as the reference does.
import { BursarError } from '../../kernel/errors';

/** A checkout that is not open any more (confirmed, succeeded or expired) cannot be changed or confirmed. */
export class NotOpenCheckout extends BursarError {
  readonly code = 'NotOpenCheckout';
}

/** The checkout session's time ran out. */
export class ExpiredCheckoutError extends BursarError {
  readonly code = 'ExpiredCheckoutError';
}

/** The payment method was refused; the customer may try another. */
export class PaymentError extends BursarError {
  readonly code = 'PaymentError';
}

/** Everything the checkout workflow may report. */
export const CHECKOUT_ERRORS = [NotOpenCheckout, ExpiredCheckoutError, PaymentError];
