// The receipt flow's step: an order's receipt rendered as the order stands (refunds included), stored, and the
// revision it shows recorded.
import { Order } from '../order.entity';
import { contextOf, itemsOf } from './document-sources';
import { documentKey, storeDocument } from './document-storage';
import type { DocumentDeps } from './order-document.service';
import { receiptDocument } from './receipt-document';

/** Renders the receipt as the order stands (refunds included) and records the revision it shows. */
export async function renderReceipt(deps: DocumentDeps, orderId: string): Promise<void> {
  const em = deps.orm.em.fork();
  const order = await em.findOneOrFail(Order, { id: orderId });
  const revision = order.receiptRevision;
  const key = documentKey(deps, order, `receipts/${order.id}-${revision}.pdf`);
  const items = await itemsOf(em, order);
  await storeDocument(deps, key, receiptDocument(order, items, await contextOf(deps, em, order), deps.clock.now()));
  await em.nativeUpdate(
    Order,
    { id: orderId, $or: [{ receiptRenderedRevision: null }, { receiptRenderedRevision: { $lt: revision } }] },
    { receiptPath: key, receiptRenderedRevision: revision },
  );
}
