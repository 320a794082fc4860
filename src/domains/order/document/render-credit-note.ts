// The refund flow's document step: a succeeded refund's credit note rendered, stored, and where it is recorded.
import { Order } from '../order.entity';
import { Refund } from '../refund/refund.entity';
import { creditNoteDocument } from './credit-note-document';
import { contextOf } from './document-sources';
import { documentKey, storeDocument } from './document-storage';
import type { DocumentDeps } from './order-document.service';

/** Renders a succeeded refund's credit note (numbered when the refund succeeded) and records where it is. */
export async function renderCreditNote(deps: DocumentDeps, refundId: string): Promise<void> {
  const em = deps.orm.em.fork();
  const refund = await em.findOneOrFail(Refund, { id: refundId });
  if (refund.status !== 'succeeded' || !refund.creditNoteNumber) return;
  const order = await em.findOneOrFail(Order, { id: refund.orderId });
  const key = documentKey(deps, order, `credit-notes/${refund.id}.pdf`);
  const { creditNoteNumber } = refund;
  const context = await contextOf(deps, em, order);
  await storeDocument(deps, key, creditNoteDocument(order, { ...refund, creditNoteNumber }, context, deps.clock.now()));
  await em.nativeUpdate(Refund, { id: refundId }, { creditNotePath: key });
}
