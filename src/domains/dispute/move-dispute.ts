// The dispute workflow's one step: a move (accepted, or the processor's new status) recorded once. Accepting tells the
// processor first; a sandbox decision is the sandbox processor's too. A loss takes the disputed amounts off the order
// and revokes its benefits when the organization says so; every change marks the order (order.updated).
import { LockMode } from '@mikro-orm/core';
import type { DisputeFlowStatus, DisputeMove } from '../../../workflows/dispute-definitions';
import { inTransaction } from '../../platform/database/transaction';
import type { DisputeDeps } from './dispute-deps';
import { Dispute } from './dispute.entity';
import { isClosed } from './dispute.logic';
import { orderDisputeOutput } from './dispute.output';

export async function moveDispute(deps: DisputeDeps, disputeId: string, move: DisputeMove): Promise<DisputeFlowStatus> {
  const current = await deps.orm.em.fork().findOneOrFail(Dispute, { id: disputeId });
  if (isClosed(current.status)) return current.status; // a retried step, or a move after it closed
  const target = move.kind === 'accept' ? 'lost' : move.status;
  if (target === current.status) return target;
  if (move.kind === 'accept')
    await deps.processor!.closeDispute({
      disputeId: current.processorDisputeId,
      idempotencyKey: `dispute:${disputeId}:accept`,
    });
  else if ((target === 'won' || target === 'lost') && deps.processor?.sandboxDisputes)
    await deps.processor.sandboxDisputes.resolve(current.processorDisputeId, target);
  const revoked = await inTransaction(deps.orm, async (tx) => {
    const dispute = await tx.em.findOneOrFail(Dispute, { id: disputeId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (isClosed(dispute.status)) return null;
    const now = await deps.testClocks.now(tx.em, dispute.testClockId);
    dispute.status = target;
    dispute.modifiedAt = now;
    await tx.em.flush();
    const organization = await deps.organizations.findOrganization(tx.em, dispute.organizationId);
    const revokeBenefits = organization.disputeRevokeBenefits;
    const loss =
      target === 'lost' ? { amount: dispute.amount, taxAmount: dispute.taxAmount, revokeBenefits } : undefined;
    await deps.orders.markDispute(tx, dispute.orderId, { dispute: orderDisputeOutput(dispute, now), loss });
    const order = await deps.orders.findById(tx.em, dispute.orderId);
    return loss?.revokeBenefits && order.subscriptionId ? order.subscriptionId : null;
  });
  // A subscription's benefits end with the subscription: a lost dispute of one of its orders revokes it.
  if (revoked) await deps.revokeSubscription(current.organizationId, revoked).catch(alreadyEnded);
  return target;
}

/** A subscription already revoked or canceled has nothing more to revoke. */
function alreadyEnded(error: unknown): void {
  const name = (error as { name?: string }).name;
  if (name !== 'AlreadyCanceledSubscription' && name !== 'NotPermitted') throw error;
}
