// The document flows' steps: an order's invoice, receipt or a refund's credit note rendered to PDF and stored, then
// recorded on the order or refund.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BillingDocument } from '../../../adapters/pdf/billing-document';
import { inTransaction } from '../../../platform/database/transaction';
import { Order, OrderItem } from '../order.entity';
import { Refund } from '../refund/refund.entity';
import {
  creditNoteDocument,
  invoiceChecksum,
  invoiceDocument,
  receiptDocument,
  type DocumentContext,
} from './order-document.content';
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
  await store(deps, key, invoiceDocument(order, items, await contextOf(deps, em, order), deps.clock.now()));
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

/** Renders the receipt as the order stands (refunds included) and records the revision it shows. */
export async function renderReceipt(deps: DocumentDeps, orderId: string): Promise<void> {
  const em = deps.orm.em.fork();
  const order = await em.findOneOrFail(Order, { id: orderId });
  const revision = order.receiptRevision;
  const key = documentKey(deps, order, `receipts/${order.id}-${revision}.pdf`);
  const items = await itemsOf(em, order);
  await store(deps, key, receiptDocument(order, items, await contextOf(deps, em, order), deps.clock.now()));
  await em.nativeUpdate(
    Order,
    { id: orderId, $or: [{ receiptRenderedRevision: null }, { receiptRenderedRevision: { $lt: revision } }] },
    { receiptPath: key, receiptRenderedRevision: revision },
  );
}

/** Renders a succeeded refund's credit note (numbered when the refund succeeded) and records where it is. */
export async function renderCreditNote(deps: DocumentDeps, refundId: string): Promise<void> {
  const em = deps.orm.em.fork();
  const refund = await em.findOneOrFail(Refund, { id: refundId });
  if (refund.status !== 'succeeded' || !refund.creditNoteNumber) return;
  const order = await em.findOneOrFail(Order, { id: refund.orderId });
  const key = documentKey(deps, order, `credit-notes/${refund.id}.pdf`);
  const { creditNoteNumber } = refund;
  const context = await contextOf(deps, em, order);
  await store(deps, key, creditNoteDocument(order, { ...refund, creditNoteNumber }, context, deps.clock.now()));
  await em.nativeUpdate(Refund, { id: refundId }, { creditNotePath: key });
}

function documentKey(deps: DocumentDeps, order: Order, name: string): string {
  return `private/${deps.environment}/${order.organizationId}/documents/${name}`;
}

async function store(deps: DocumentDeps, key: string, document: BillingDocument): Promise<void> {
  await deps.storage.put(key, await deps.render(document), 'application/pdf');
}

function itemsOf(em: EntityManager, order: Order): Promise<OrderItem[]> {
  return em.find(OrderItem, { orderId: order.id }, { orderBy: { position: 'asc' } });
}

async function contextOf(deps: DocumentDeps, em: EntityManager, order: Order): Promise<DocumentContext> {
  const organization = await deps.organizations.findOrganization(em, order.organizationId);
  const customer = await deps.customers.ofOrder(em, order.customerId);
  return { seller: deps.seller, merchantName: organization.name, customerName: customer.name ?? customer.email };
}
