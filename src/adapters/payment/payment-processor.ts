// The payment processor port: every call carries an idempotency key taken from workflow data, so a retried activity
// never charges twice. Card numbers never reach Bursar's storage: only a token, brand, last four and a fingerprint.

import type { EntityManager } from '@mikro-orm/postgresql';

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

/** What a charge was paid with, as the payment record shows it (`card` with its brand and last four, or another kind). */
export interface PaymentMethodDetails {
  type: string;
  brand: string | null;
  last4: string | null;
}

declare const recorded: unique symbol;
/**
 * Proof that the charge is recorded as a payment: only the payment domain's `chargePayment` makes one, so a charge
 * that would skip its payment record does not compile.
 */
export interface ChargeTicket {
  readonly [recorded]: true;
  readonly paymentKey: string;
}

/** One charge as the processor takes it. */
export interface ChargeRequest {
  ticket: ChargeTicket;
  customerId: string;
  paymentMethod: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
  reference: string;
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

/** A dispute as the processor keeps it. */
export interface ProcessorDispute {
  id: string;
  chargeId: string;
  /** What the cardholder disputes, tax included. */
  amount: number;
  reason: string;
  /** A sandbox test card's outcome once the evidence deadline passes (null: the network decides later). */
  outcome: 'won' | 'lost' | null;
}

/** The sandbox processor's stand-ins for the cardholder and the card network (a real processor sends webhooks). */
export interface SandboxDisputes {
  /** The dispute opened on this charge (a test card's), or null; read in `em` when given (the caller's transaction). */
  disputeOf(chargeId: string, em?: EntityManager): Promise<ProcessorDispute | null>;
  /** Opens a dispute on a succeeded charge, for what of it is not refunded (once per charge). */
  open(chargeId: string, reason: string): Promise<ProcessorDispute>;
  /** The network's decision (an accepted dispute is lost). */
  resolve(disputeId: string, status: 'won' | 'lost'): Promise<void>;
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
  charge(input: ChargeRequest): Promise<{ chargeId: string; pending?: boolean }>;
  /** Accepts a dispute: the merchant concedes it, and it is lost. */
  closeDispute(input: { disputeId: string; idempotencyKey: string }): Promise<void>;
  /** Only the sandbox processor has these. */
  readonly sandboxDisputes?: SandboxDisputes;
  /** The saved method's kind, brand and last four (null when the processor does not know it). */
  describePaymentMethod(input: { customerId: string; paymentMethod: string }): Promise<PaymentMethodDetails | null>;
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
