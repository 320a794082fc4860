// A refund asked for: checked against the order (paid, charged, not refunded whole, never more than it has left),
// written pending with its tax, refund.created, and the start of its workflow; the order row locked meanwhile.
import { LockMode } from '@mikro-orm/core';
import { FLOWS, type RefundInput } from '../../../../workflows/definitions';
import type { RefundCreate } from '../../../contracts/refund-create';
import { newId } from '../../../kernel/ids';
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import { flowStart } from '../../../platform/temporal/flow-start';
import { customerById } from '../../customer';
import type { TestClockQueries } from '../../test-clock';
import { Order } from '../order.entity';
import { pendingRefundAmounts } from './pending-refund-amounts';
import { Refund } from './refund.entity';
import {
  nothingCharged,
  disputedOrder,
  overRefundable,
  RefundedAlready,
  RevokeSubscriptionBenefitsProhibited,
  unknownOrder,
  unpaidOrder,
} from './refund.errors';
import { refundableAmounts, refundTaxAmount } from './refund.logic';
import { refundOutput } from './refund.output';

/** Writes a pending refund, refund.created and the start of its workflow; the order row is locked meanwhile. */
export async function createRefund(
  deps: { outbox: OutboxService; testClocks: TestClockQueries },
  tx: Tx,
  organizationId: string,
  input: RefundCreate,
): Promise<Refund> {
  const order = await tx.em.findOne(
    Order,
    { id: input.order_id, organizationId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!order) throw unknownOrder();
  if (order.status === 'refunded') throw new RefundedAlready();
  if (order.status !== 'paid' && order.status !== 'partially_refunded') throw unpaidOrder(order.status);
  if (input.revoke_benefits && order.subscriptionId) throw new RevokeSubscriptionBenefitsProhibited();
  if (!order.chargeId) throw nothingCharged();
  if (order.dispute && !order.dispute.closed) throw disputedOrder();
  const refundable = refundableAmounts(order, await pendingRefundAmounts(tx.em, order.id));
  if (input.amount > refundable.amount) throw overRefundable(refundable.amount);

  const customer = await customerById(tx.em, organizationId, order.customerId);
  const now = await deps.testClocks.now(tx.em, customer?.testClockId ?? null);
  const refund = tx.em.create(Refund, {
    id: newId(),
    organizationId,
    orderId: order.id,
    subscriptionId: order.subscriptionId,
    customerId: order.customerId,
    status: 'pending',
    reason: input.reason,
    amount: input.amount,
    taxAmount: refundTaxAmount(order, refundable, input.amount),
    currency: order.currency,
    comment: input.comment ?? null,
    revokeBenefits: input.revoke_benefits,
    metadata: input.metadata,
    processorRefundId: null,
    failureReason: null,
    creditNoteNumber: null,
    creditNotePath: null,
    createdAt: now,
    modifiedAt: null,
  });
  await tx.em.flush();
  deps.outbox.enqueueEvent(tx, organizationId, 'refund.created', refundOutput(refund));
  const flowInput: RefundInput = { refundId: refund.id };
  deps.outbox.enqueueWorkflowStart(
    tx,
    organizationId,
    flowStart(FLOWS.refund, [refund.id], flowInput, {
      searchAttributes: { OrderId: order.id, CustomerId: order.customerId },
      summary: `Refund ${refund.id} of order ${order.id}`,
    }),
  );
  return refund;
}
