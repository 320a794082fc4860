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

/** A dispute event of Stripe's: the dispute, the charge it is about, and where it stands. */
export interface DisputeEvent {
  disputeId: string;
  /** The charge and its PaymentIntent (a payment knows one of them). */
  chargeIds: string[];
  /** Disputed, tax included. */
  amount: number;
  reason: string;
  /** Stripe's status (`needs_response`, `warning_needs_response`, `under_review`, `won`, `lost`, …). */
  status: string;
  evidenceDueBy: string | null;
}

const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

/** What a verified event reports: a settlement, a dispute's news, or null. Throws on a bad signature. */
export function stripeEventFrom(
  rawBody: string,
  signature: string,
  secret: string,
): { settlement: Settlement } | { dispute: DisputeEvent } | null {
  const event = sdk.webhooks.constructEvent(rawBody, signature, secret);
  if (DISPUTE_EVENTS.has(event.type)) {
    const dispute = event.data.object as Stripe.Dispute;
    const id = (value: string | { id: string } | null) => (typeof value === 'string' ? value : value?.id);
    const chargeIds = [id(dispute.charge), id(dispute.payment_intent)].filter((v): v is string => Boolean(v));
    const due = dispute.evidence_details?.due_by;
    return {
      dispute: {
        disputeId: dispute.id,
        chargeIds,
        amount: dispute.amount,
        reason: dispute.reason,
        status: dispute.status,
        evidenceDueBy: due ? new Date(due * 1000).toISOString() : null,
      },
    };
  }
  const settlement = settlementOf(event);
  return settlement && { settlement };
}

function settlementOf(event: Stripe.Event): Settlement | null {
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
