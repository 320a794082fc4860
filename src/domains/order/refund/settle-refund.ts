// The refund workflow's last step: the pending refund succeeded (credit note, the order's amounts) or failed.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../../platform/database/transaction';
import { CREDIT_NOTE_SERIES, creditNoteNumber, invoicePrefix } from '../document/document-numbers.logic';
import { nextInSeries } from '../document/document-number';
import { Order } from '../order.entity';
import { Refund } from './refund.entity';
import { statusAfterRefund } from './refund.logic';
import { refundOutput } from './refund.output';
import type { RefundDeps } from './refund.service';

/**
 * Pending → succeeded, once: the credit note's number, the order's refunded amounts, status and receipt revision;
 * then refund.updated, order.updated and order.refunded.
 */
export async function succeedRefund(deps: RefundDeps, refundId: string, processorRefundId: string): Promise<void> {
  await inTransaction(deps.orm, async (tx) => {
    const { order, refund } = await lockPending(tx.em, refundId);
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

/** Pending → failed, once, with the processor's reason (refund.updated); the amount is refundable again. */
export async function failRefund(deps: RefundDeps, refundId: string, reason: string): Promise<void> {
  await inTransaction(deps.orm, async (tx) => {
    const { refund } = await lockPending(tx.em, refundId);
    if (!refund) return;
    Object.assign(refund, { status: 'failed', failureReason: reason.slice(0, 2000), modifiedAt: deps.clock.now() });
    await tx.em.flush();
    deps.outbox.enqueueEvent(tx, refund.organizationId, 'refund.updated', refundOutput(refund));
  });
}

/** The order then the refund, locked in the order a refund's creation takes them; `refund` is null unless pending. */
async function lockPending(em: EntityManager, refundId: string): Promise<{ order: Order; refund: Refund | null }> {
  const { orderId } = await em.findOneOrFail(Refund, { id: refundId });
  const order = await em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const refund = await em.findOneOrFail(
    Refund,
    { id: refundId },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  return { order, refund: refund.status === 'pending' ? refund : null };
}
