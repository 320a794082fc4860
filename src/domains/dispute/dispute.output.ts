// A dispute as the API shows it, and as its order shows it (without the customer).
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { Dispute as DisputeOutput, OrderDispute } from '../../contracts/dispute';
import type { Dispute } from './dispute.entity';
import { isClosed, isResolved } from './dispute.logic';

/** `now`: the dispute's customer's time, for `past_due`. */
export function orderDisputeOutput(dispute: Dispute, now: Date): OrderDispute {
  return {
    created_at: dispute.createdAt.toISOString(),
    modified_at: dispute.modifiedAt?.toISOString() ?? null,
    id: dispute.id,
    status: dispute.status,
    resolved: isResolved(dispute.status),
    closed: isClosed(dispute.status),
    amount: dispute.amount,
    tax_amount: dispute.taxAmount,
    currency: dispute.currency,
    reason: dispute.reason,
    evidence_due_by: dispute.evidenceDueBy?.toISOString() ?? null,
    past_due: dispute.status === 'needs_response' && dispute.evidenceDueBy !== null && dispute.evidenceDueBy <= now,
    order_id: dispute.orderId,
    payment_id: dispute.paymentId,
  };
}

export function disputeOutput(dispute: Dispute, now: Date, customer: CustomerOutput): DisputeOutput {
  return { ...orderDisputeOutput(dispute, now), customer, case_id: null };
}
