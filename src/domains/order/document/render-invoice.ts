// The invoice flow's step: an order's invoice rendered to PDF with its billing details now, stored, then recorded on the
// order (order.updated).
import { LockMode } from '@mikro-orm/core';
import { inTransaction } from '../../../platform/database/transaction';
import { Order } from '../order.entity';
import { contextOf, itemsOf } from './document-sources';
import { documentKey, storeDocument } from './document-storage';
import { invoiceChecksum } from './invoice-checksum';
import { invoiceDocument } from './invoice-document';
import type { DocumentDeps } from './order-document.service';

/**
 * Renders and stores the invoice with the order's billing details now, then records it (order.updated). `current`
 * is false when the details changed meanwhile: the workflow renders again.
 */
export async function renderInvoice(deps: DocumentDeps, orderId: string): Promise<{ current: boolean }> {
  const em = deps.orm.em.fork();
  const order = await em.findOneOrFail(Order, { id: orderId });
  const rendered = invoiceChecksum(order);
  // One object per content: a slower attempt can never overwrite a newer invoice, nor a handed-out URL change.
  const key = documentKey(deps, order, `invoices/${order.id}-${rendered.slice(0, 12)}.pdf`);
  const items = await itemsOf(em, order);
  await storeDocument(deps, key, invoiceDocument(order, items, await contextOf(deps, em, order), deps.clock.now()));
  return inTransaction(deps.orm, async (tx) => {
    const locked = await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (locked.invoicePath !== key || locked.invoiceChecksum !== rendered) {
      Object.assign(locked, { invoicePath: key, invoiceChecksum: rendered, modifiedAt: deps.clock.now() });
      await tx.em.flush();
      const output = await deps.orders.output(tx.em, locked);
      deps.outbox.enqueueEvent(tx, locked.organizationId, 'order.updated', output);
    }
    return { current: invoiceChecksum(locked) === rendered };
  });
}
