// The refund workflow's step when the processor refuses a refund for good: failed, its amount refundable again.
import { inTransaction } from '../../../platform/database/transaction';
import { lockPendingRefund } from './lock-pending-refund';
import { refundOutput } from './refund.output';
import type { RefundDeps } from './refund.service';

/** Pending → failed, once, with the processor's reason (refund.updated); the amount is refundable again. */
export async function failRefund(deps: RefundDeps, refundId: string, reason: string): Promise<void> {
  await inTransaction(deps.orm, async (tx) => {
    const { refund } = await lockPendingRefund(tx.em, refundId);
    if (!refund) return;
    Object.assign(refund, { status: 'failed', failureReason: reason.slice(0, 2000), modifiedAt: deps.clock.now() });
    await tx.em.flush();
    deps.outbox.enqueueEvent(tx, refund.organizationId, 'refund.updated', refundOutput(refund));
  });
}
