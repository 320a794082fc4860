// The payment processor port: every call carries an idempotency key taken from workflow data, so a retried activity
// never charges twice. Card numbers never reach Bursar's storage: only a token, brand, last four and a fingerprint.

export interface SavedPaymentMethod {
  /** The processor's token for the method (`pm_…`). */
  token: string;
  /** The kind of method, in the processor's words (`card`, `sepa_debit`, …). */
  type: string;
  brand: string;
  last4: string;
  /** The same card always has the same fingerprint, whoever saves it. */
  fingerprint: string;
  /** The card's expiry, when the processor tells it. */
  expMonth?: number;
  expYear?: number;
}

/** A setup's outcome: the saved method, or the action the customer must complete (its client secret). */
export type SetupOutcome =
  | { status: 'succeeded'; method: SavedPaymentMethod }
  | { status: 'requires_action'; setupIntentId: string; clientSecret: string };

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'authentication_required' | 'incorrect_number';

/** The processor refused the payment; the customer may try another method. */
export class PaymentDeclined extends Error {
  constructor(
    readonly code: DeclineCode,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentDeclined';
  }
}

/** The processor refused a refund for good (the charge is already refunded, disputed, too old…): retrying changes nothing. */
export class RefundDeclined extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundDeclined';
  }
}

export interface PaymentProcessor {
  /** The public `payment_processor` value (the same in both environments). */
  readonly name: 'stripe';
  createCustomer(input: {
    email: string;
    name?: string | null;
    idempotencyKey: string;
  }): Promise<{ customerId: string }>;
  /** Saves what the checkout's confirm call sent (`confirmation_token_id`): a payment-method token or, in tests, a card number. */
  savePaymentMethod(input: {
    customerId: string;
    confirmationToken: string;
    idempotencyKey: string;
  }): Promise<SavedPaymentMethod>;
  /**
   * Sets a method up for later off-session charges (a SetupIntent): saved at once, or an action the customer must
   * complete first (3-D Secure), then `confirmSetup`. Throws PaymentDeclined when the processor refuses the method.
   */
  setupPaymentMethod(input: {
    customerId: string;
    confirmationToken: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<SetupOutcome>;
  /** Where a setup that needed an action stands (null: no such setup for this customer). Throws PaymentDeclined. */
  confirmSetup(input: { customerId: string; setupIntentId: string }): Promise<SetupOutcome | null>;
  /**
   * Charges a saved method off-session; throws PaymentDeclined. The same key returns the same outcome. `pending`
   * means the processor settles it later and tells through its webhooks, quoting `reference`.
   */
  charge(input: {
    customerId: string;
    paymentMethod: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    reference: string;
  }): Promise<{ chargeId: string; pending?: boolean }>;
  /**
   * Cancels a charge still processing (a `pending` one), so that it can never settle: `canceled` (one that failed
   * meanwhile counts: no money moved), or `succeeded` when it went through before it could be canceled.
   */
  cancelCharge(input: { chargeId: string; idempotencyKey: string }): Promise<'canceled' | 'succeeded'>;
  /** Refunds part of a charge; `pending` when the processor completes it later (ask `refundStatus`). Throws RefundDeclined. */
  refund(input: {
    chargeId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string; pending?: boolean }>;
  /** Where a refund the processor reported pending stands now. */
  refundStatus(refundId: string): Promise<'pending' | 'succeeded' | 'failed'>;
}
