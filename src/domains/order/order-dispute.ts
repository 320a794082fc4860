// An order's dispute, written by the dispute domain: its state as the order shows it, and a loss that takes the
// disputed amounts off what the order holds (so refunds never exceed it) and may revoke what it granted.
import type { OrderDispute } from '../../contracts/dispute';
import type { Tx } from '../../platform/database/transaction';
import type { OrderDeps } from './order-deps';
import { Order } from './order.entity';
import { LockMode } from '@mikro-orm/core';
import { readOrderOutput } from './order-outputs';

export interface DisputeChange {
  dispute: OrderDispute;
  /** Lost: what leaves the books (before tax, and its tax), and whether the order's benefits go with it. */
  loss?: { amount: number; taxAmount: number; revokeBenefits: boolean };
}

/** Writes the order's dispute (once per change: a retried step changes nothing more) and sends order.updated. */
export async function markOrderDispute(deps: OrderDeps, tx: Tx, orderId: string, change: DisputeChange): Promise<void> {
  const order = await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const before = order.dispute;
  if (before && before.id === change.dispute.id && before.status === change.dispute.status) return;
  order.dispute = change.dispute;
  order.modifiedAt = deps.clock.now();
  const revoke = change.loss?.revokeBenefits && !order.disputeRevokedBenefits;
  // A loss counts once per dispute (a second dispute of the order lost later counts too).
  if (change.loss && !(before?.id === change.dispute.id && before.status === 'lost')) {
    order.disputedAmount += change.loss.amount;
    order.disputedTaxAmount += change.loss.taxAmount;
    if (revoke) order.disputeRevokedBenefits = true;
  }
  await tx.em.flush();
  deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', await readOrderOutput(deps, tx.em, order));
  if (revoke && order.billingReason === 'purchase')
    await deps.grants.syncSource(
      tx,
      order.organizationId,
      order.customerId,
      { kind: 'order', id: order.id },
      order.productId,
    );
}
