// Opening a dispute of a payment: its amounts split from what the order still holds, its evidence deadline in the
// customer's time, the order marked, and its flow `dispute:<id>` started through the outbox — in the caller's
// transaction, once per processor dispute.
import { clockInput } from '../../../workflows/definitions';
import {
  DISPUTE_FLOW,
  type DisputeFlowStatus,
  type DisputeInput,
  type DisputeMove,
} from '../../../workflows/dispute-definitions';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import { flowStart } from '../../platform/temporal/flow-start';
import { customerById } from '../customer';
import type { DisputeOpenDeps } from './dispute-deps';
import { Dispute } from './dispute.entity';
import { acceptedAutomatically, disputedAmounts, evidenceDueBy } from './dispute.logic';
import { orderDisputeOutput } from './dispute.output';

export interface DisputeOpening {
  organizationId: string;
  orderId: string;
  paymentId: string;
  processorDisputeId: string;
  /** Disputed, tax included. */
  gross: number;
  reason: string | null;
  status: DisputeFlowStatus;
  /** The processor's deadline; a sandbox dispute's is EVIDENCE_WINDOW_DAYS after it opened. */
  evidenceDueBy?: Date | null;
  deadlineOutcome: 'won' | 'lost' | null;
  /** A status the processor reported already, which the flow moves to first. */
  then?: DisputeMove;
}

/** The dispute, and whether this call opened it (false: it was known already, and nothing was written). */
export async function openDispute(
  deps: DisputeOpenDeps,
  tx: Tx,
  opening: DisputeOpening,
): Promise<{ dispute: Dispute; opened: boolean }> {
  const known = await tx.em.findOne(Dispute, { processorDisputeId: opening.processorDisputeId });
  if (known) return { dispute: known, opened: false };
  const order = await deps.orders.findById(tx.em, opening.orderId);
  const held = {
    amount: order.netAmount - order.refundedAmount - order.disputedAmount,
    taxAmount: order.taxAmount - order.refundedTaxAmount - order.disputedTaxAmount,
  };
  const split = disputedAmounts(held, opening.gross);
  const customer = await customerById(tx.em, order.organizationId, order.customerId);
  const testClockId = customer?.testClockId ?? null;
  const now = await deps.testClocks.now(tx.em, testClockId);
  const organization = await deps.organizations.findOrganization(tx.em, order.organizationId);
  const dispute = tx.em.create(Dispute, {
    id: newId(),
    organizationId: order.organizationId,
    orderId: order.id,
    paymentId: opening.paymentId,
    customerId: order.customerId,
    processorDisputeId: opening.processorDisputeId,
    status: opening.status,
    reason: opening.reason,
    amount: split.amount,
    taxAmount: split.taxAmount,
    currency: order.currency,
    evidenceDueBy: opening.evidenceDueBy === undefined ? evidenceDueBy(now) : opening.evidenceDueBy,
    deadlineOutcome: opening.deadlineOutcome,
    testClockId,
    createdAt: now,
    modifiedAt: null,
  });
  await tx.em.flush();
  await deps.orders.markDispute(tx, order.id, { dispute: orderDisputeOutput(dispute, now) });
  const input: DisputeInput = {
    disputeId: dispute.id,
    status: dispute.status,
    deadlineOutcome: dispute.deadlineOutcome,
    evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
    moves: [
      ...(acceptedAutomatically(opening.gross, order.currency, organization.disputeAutoAcceptBelowAmount)
        ? [{ kind: 'accept' } as const]
        : []),
      ...(opening.then ? [opening.then] : []),
    ],
    clock: clockInput(testClockId, now),
  };
  deps.outbox.enqueueWorkflowStart(
    tx,
    order.organizationId,
    flowStart(DISPUTE_FLOW, [dispute.id], input, {
      searchAttributes: { OrderId: order.id, CustomerId: order.customerId },
      summary: `Dispute ${dispute.id} of order ${order.id}`,
    }),
  );
  return { dispute, opened: true };
}
