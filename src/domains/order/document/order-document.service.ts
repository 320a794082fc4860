// An order's documents: the invoice (requested, rendered by `invoice:<orderId>`), the receipt (rendered on first
// request and again after a refund, by `receipt:<orderId>:<revision>`) and a credit note per succeeded refund. PDFs
// are stored in file storage and handed out as signed, expiring URLs.
import { flowStart, type WorkflowStart } from '../../../platform/temporal/flow-start';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

import { FLOWS, renderInvoiceSignal } from '../../../../workflows/definitions';
import type { BillingDocument, DocumentParty } from '../../../adapters/pdf/billing-document';
import type { FileStorage } from '../../../adapters/storage/file-storage';
import type { Clock } from '../../../kernel/clock';
import { ResourceNotFound } from '../../../kernel/errors';
import { inTransaction, type Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { CustomerService } from '../../customer';
import type { OrganizationService } from '../../organization';
import { Order, OrderItem } from '../order.entity';
import { MissingInvoiceBillingDetails, OrderNotEligibleForInvoice } from '../order.errors';
import { invoiceEligible } from '../order.logic';
import type { OrderService } from '../order.service';
import { Refund } from '../refund/refund.entity';
import {
  creditNoteDocument,
  invoiceChecksum,
  invoiceDocument,
  receiptDocument,
  type DocumentContext,
} from './order-document.content';

export interface DocumentDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  storage: FileStorage;
  render: (document: BillingDocument) => Promise<Buffer>;
  /** The seller of record as documents name it (configuration). */
  seller: DocumentParty;
  environment: string;
  urlTtlSeconds: number;
  orders: OrderService;
  customers: CustomerService;
  organizations: OrganizationService;
}

export class OrderDocumentService {
  constructor(private readonly deps: DocumentDeps) {}

  /**
   * Asks for the order's invoice: rendered by `invoice:<orderId>` unless the one stored shows the current billing
   * details already. Draft and void orders have none; an invoice needs the billing name and address.
   */
  async requestInvoice(tx: Tx, organizationId: string, orderId: string): Promise<{ order: Order; generated: boolean }> {
    const order = await this.deps.orders.get(tx.em, organizationId, orderId, { lock: true });
    if (!invoiceEligible(order.status)) throw new OrderNotEligibleForInvoice(`A ${order.status} order has no invoice.`);
    if (!order.billingName || !order.billingAddress)
      throw new MissingInvoiceBillingDetails(
        "An invoice needs the billing name and address: set them on the order (PATCH the order's billing_name and billing_address) first.",
      );
    if (order.invoicePath && order.invoiceChecksum === invoiceChecksum(order)) return { order, generated: true };
    await this.deps.orders.numbers.assignMissing(tx, order);
    this.start(
      tx,
      order,
      flowStart(
        FLOWS.invoice,
        [order.id],
        { orderId: order.id },
        { summary: `Invoice ${order.invoiceNumber}`, signal: renderInvoiceSignal },
      ),
    );
    return { order, generated: false };
  }

  async invoiceUrl(em: EntityManager, organizationId: string, orderId: string): Promise<{ url: string }> {
    const order = await this.deps.orders.get(em, organizationId, orderId);
    if (!order.invoicePath)
      throw new ResourceNotFound("The invoice has not been generated yet: POST to the order's /invoice first.");
    return this.signed(order.invoicePath, `Invoice-${order.invoiceNumber}.pdf`);
  }

  /** The receipt's URL once the current revision is rendered; null (202) while it is being rendered. */
  async receipt(tx: Tx, organizationId: string, orderId: string): Promise<{ url: string } | null> {
    const order = await this.deps.orders.get(tx.em, organizationId, orderId, { lock: true });
    if (!order.receiptNumber) await this.deps.orders.numbers.assignMissing(tx, order);
    if (!order.receiptNumber) throw new ResourceNotFound('This order has no receipt: nothing has been paid for it.');
    if (order.receiptPath && order.receiptRenderedRevision === order.receiptRevision)
      return this.signed(order.receiptPath, `Receipt-${order.receiptNumber}.pdf`);
    this.start(
      tx,
      order,
      flowStart(
        FLOWS.receipt,
        [order.id, order.receiptRevision],
        { orderId: order.id },
        { summary: `Receipt ${order.receiptNumber}` },
      ),
    );
    return null;
  }

  /** The signed URL of a refund's credit note, once rendered. */
  async creditNoteUrl(em: EntityManager, organizationId: string, refundId: string): Promise<{ url: string }> {
    const refund = await em.findOne(Refund, { id: refundId, organizationId });
    if (!refund?.creditNotePath) throw new ResourceNotFound('This refund has no credit note yet.');
    return this.signed(refund.creditNotePath, `Credit-note-${refund.creditNoteNumber}.pdf`);
  }

  /** Renders a document of the order: the flow may run again for a later revision, with the order's search attributes. */
  private start(tx: Tx, order: Order, start: WorkflowStart): void {
    const searchAttributes = { OrderId: order.id, CustomerId: order.customerId };
    this.deps.outbox.enqueueWorkflowStart(tx, order.organizationId, { ...start, searchAttributes, reusable: true });
  }

  private async signed(key: string, filename: string): Promise<{ url: string }> {
    return { url: (await this.deps.storage.presignDownload(key, filename, this.deps.urlTtlSeconds)).url };
  }

  /**
   * Renders and stores the invoice with the order's billing details now, then records it (order.updated). `current`
   * is false when the details changed meanwhile: the workflow renders again.
   */
  async renderInvoice(orderId: string): Promise<{ current: boolean }> {
    const em = this.deps.orm.em.fork();
    const order = await em.findOneOrFail(Order, { id: orderId });
    const rendered = invoiceChecksum(order);
    // One object per content: a slower attempt can never overwrite a newer invoice, nor a handed-out URL change.
    const key = this.key(order, `invoices/${order.id}-${rendered.slice(0, 12)}.pdf`);
    await this.store(
      key,
      invoiceDocument(order, await this.items(em, order), await this.context(em, order), this.deps.clock.now()),
    );
    return inTransaction(this.deps.orm, async (tx) => {
      const locked = await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (locked.invoicePath !== key || locked.invoiceChecksum !== rendered) {
        Object.assign(locked, { invoicePath: key, invoiceChecksum: rendered, modifiedAt: this.deps.clock.now() });
        await tx.em.flush();
        this.deps.outbox.enqueueEvent(
          tx,
          locked.organizationId,
          'order.updated',
          await this.deps.orders.output(tx.em, locked),
        );
      }
      return { current: invoiceChecksum(locked) === rendered };
    });
  }

  /** Renders the receipt as the order stands (refunds included) and records the revision it shows. */
  async renderReceipt(orderId: string): Promise<void> {
    const em = this.deps.orm.em.fork();
    const order = await em.findOneOrFail(Order, { id: orderId });
    const revision = order.receiptRevision;
    const key = this.key(order, `receipts/${order.id}-${revision}.pdf`);
    await this.store(
      key,
      receiptDocument(order, await this.items(em, order), await this.context(em, order), this.deps.clock.now()),
    );
    await em.nativeUpdate(
      Order,
      { id: orderId, $or: [{ receiptRenderedRevision: null }, { receiptRenderedRevision: { $lt: revision } }] },
      { receiptPath: key, receiptRenderedRevision: revision },
    );
  }

  /** Renders a succeeded refund's credit note (numbered when the refund succeeded) and records where it is. */
  async renderCreditNote(refundId: string): Promise<void> {
    const em = this.deps.orm.em.fork();
    const refund = await em.findOneOrFail(Refund, { id: refundId });
    if (refund.status !== 'succeeded' || !refund.creditNoteNumber) return;
    const order = await em.findOneOrFail(Order, { id: refund.orderId });
    const key = this.key(order, `credit-notes/${refund.id}.pdf`);
    const { creditNoteNumber } = refund;
    await this.store(
      key,
      creditNoteDocument(order, { ...refund, creditNoteNumber }, await this.context(em, order), this.deps.clock.now()),
    );
    await em.nativeUpdate(Refund, { id: refundId }, { creditNotePath: key });
  }

  private key(order: Order, name: string): string {
    return `private/${this.deps.environment}/${order.organizationId}/documents/${name}`;
  }

  private async store(key: string, document: BillingDocument): Promise<void> {
    await this.deps.storage.put(key, await this.deps.render(document), 'application/pdf');
  }

  private items(em: EntityManager, order: Order): Promise<OrderItem[]> {
    return em.find(OrderItem, { orderId: order.id }, { orderBy: { position: 'asc' } });
  }

  private async context(em: EntityManager, order: Order): Promise<DocumentContext> {
    const organization = await this.deps.organizations.findOrganization(em, order.organizationId);
    const customer = await this.deps.customers.ofOrder(em, order.customerId);
    return { seller: this.deps.seller, merchantName: organization.name, customerName: customer.name ?? customer.email };
  }
}
