// Payments in the timeline: each charge that went through, and each declined attempt with the decline's reason (the
// payment domain tells its followers in the transaction that records them). A payment before its customer existed
// (a first checkout's declined attempt) has no customer's timeline to be in.
import { newId } from '../../kernel/ids';
import { formatAmount } from '../../kernel/money';
import type { Tx } from '../../platform/database/transaction';
import type { DeclinedPayment, PaymentFollower, SucceededPayment } from '../payment';
import type { TimelineRecorder } from './record-timeline';

type Payment = SucceededPayment | DeclinedPayment;

export function paymentEntries(recorder: TimelineRecorder): PaymentFollower {
  return {
    succeeded: async (tx, payment) =>
      record(recorder, tx, payment, {
        type: 'payment.succeeded',
        summary: `Charged ${formatAmount(payment.amount, payment.currency)}`,
        details: { order_id: payment.orderId, charge_id: payment.chargeId },
      }),
    declined: async (tx, payment) =>
      record(recorder, tx, payment, {
        type: 'payment.failed',
        summary: `Payment of ${formatAmount(payment.amount, payment.currency)} declined: ${payment.message || payment.reason}`,
        details: { order_id: payment.orderId, decline_reason: payment.reason, decline_message: payment.message },
      }),
  };
}

/** The payment's entry, placed when it was due (record-timeline.ts) and in its order's subscription. */
function record(
  recorder: TimelineRecorder,
  tx: Tx,
  payment: Payment,
  entry: { type: 'payment.succeeded' | 'payment.failed'; summary: string; details: Record<string, unknown> },
): void {
  if (!payment.customerId) return;
  recorder.add(tx, {
    ...entry,
    id: newId(),
    organizationId: payment.organizationId,
    customerId: payment.customerId,
    at: null,
    dueOrderId: payment.orderId,
    resourceType: 'payment',
    resourceId: payment.id,
    subscriptionId: null,
    amount: payment.amount,
    currency: payment.currency,
    eventId: null,
    dedupeKey: `payment:${payment.id}:${entry.type}`,
  });
}
