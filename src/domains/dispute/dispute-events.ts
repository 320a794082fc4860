// How disputes arrive: Stripe's dispute events (opening one the first time, then moving its flow), and in the
// sandbox a test card's dispute, opened with the payment of its order.
import type { ProcessorDispute } from '../../adapters/payment/payment-processor';
import type { DisputeEvent } from '../../adapters/payment/stripe-webhooks';
import { disputeEventSignal, disputeWorkflowId } from '../../../workflows/dispute-definitions';
import { inTransaction } from '../../platform/database/transaction';
import type { PaymentFollower } from '../payment';
import type { DisputeDeps, DisputeOpenDeps } from './dispute-deps';
import { statusFromStripe } from './dispute.logic';
import { openDispute } from './open-dispute';

/** A Stripe dispute event: the dispute opened when Bursar knows the payment, then moved to the status reported. */
export async function receiveDisputeEvent(deps: DisputeDeps, event: DisputeEvent): Promise<void> {
  const status = statusFromStripe(event.status);
  if (!status) return;
  const payment = await deps.payments.ofCharge(deps.orm.em.fork(), event.chargeIds);
  if (!payment?.orderId) return; // a charge Bursar did not make, or one whose order is not written yet
  const opening = status === 'early_warning' ? 'early_warning' : 'needs_response';
  const { dispute, opened } = await inTransaction(deps.orm, (tx) =>
    openDispute(deps, tx, {
      organizationId: payment.organizationId,
      orderId: payment.orderId!,
      paymentId: payment.id,
      processorDisputeId: event.disputeId,
      gross: event.amount,
      reason: event.reason,
      status: opening,
      evidenceDueBy: event.evidenceDueBy ? new Date(event.evidenceDueBy) : null,
      deadlineOutcome: null,
      ...(status !== opening && { then: { kind: 'status', status } }),
    }),
  );
  if (!opened && status !== dispute.status)
    await deps.flows.signal(disputeWorkflowId(dispute.id), disputeEventSignal, [{ kind: 'status', status }]);
}

/** The sandbox's test cards: a succeeded payment the processor disputed opens its dispute in the same transaction. */
export function sandboxCardDisputes(deps: DisputeOpenDeps): PaymentFollower {
  return {
    async succeeded(tx, payment) {
      const disputed: ProcessorDispute | null =
        (await deps.processor?.sandboxDisputes?.disputeOf(payment.chargeId, tx.em)) ?? null;
      if (!disputed) return;
      await openDispute(deps, tx, {
        organizationId: payment.organizationId,
        orderId: payment.orderId,
        paymentId: payment.id,
        processorDisputeId: disputed.id,
        gross: disputed.amount,
        reason: disputed.reason,
        status: 'needs_response',
        deadlineOutcome: disputed.outcome,
      });
    },
  };
}
