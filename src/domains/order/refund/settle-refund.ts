// The refund workflow's last step when the processor refunded: the pending refund succeeded (credit note, the order's
// amounts); fail-refund.ts when it did not.
import { inTransaction } from '../../../platform/database/transaction';
import { CREDIT_NOTE_SERIES, creditNoteNumber, invoicePrefix } from '../document/document-numbers.logic';
import { nextInSeries } from '../document/document-number';
import { lockPendingRefund } from './lock-pending-refund';
import { statusAfterRefund } from './refund.logic';
import { refundOutput } from './refund.output';
import type { RefundDeps } from './refund.service';

/**
 * Pending → succeeded, once: the credit note's number, the order's refunded amounts, status and receipt revision;
 * then refund.updated, order.updated and order.refunded.
 */
export async function succeedRefund(deps: RefundDeps, refundId: string, processorRefundId: string): Promise<void> {
  await inTransaction(deps.orm, async (tx) => {
    const { order, refund } = await lockPendingRefund(tx.em, refundId);
    if (!refund) return; // a retried step: already recorded
    const organization = await deps.organizations.findOrganization(tx.em, refund.organizationId);
    const number = await nextInSeries(tx.em, refund.organizationId, CREDIT_NOTE_SERIES);
    const now = deps.clock.now();
    Object.assign(refund, {
      status: 'succeeded',
      processorRefundId,
      creditNoteNumber: creditNoteNumber(invoicePrefix(organization), number),
      modifiedAt: now,
    });
    order.refundedAmount += refund.amount;
    order.refundedTaxAmount += refund.taxAmount;
    Object.assign(order, {
      status: statusAfterRefund(order),
      receiptRevision: order.receiptRevision + 1,
      modifiedAt: now,
    });
    await tx.em.flush();
    const orderOutput = await deps.orders.output(tx.em, order);
    deps.outbox.enqueueEvent(tx, refund.organizationId, 'refund.updated', refundOutput(refund));
    deps.outbox.enqueueEvent(tx, refund.organizationId, 'order.updated', orderOutput);
    deps.outbox.enqueueEvent(tx, refund.organizationId, 'order.refunded', orderOutput);
    if (refund.revokeBenefits) {
      const source = { kind: 'order', id: order.id } as const;
      await deps.grants.syncSource(tx, order.organizationId, order.customerId, source, order.productId);
    }
  });
}
