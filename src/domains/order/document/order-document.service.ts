// An order's documents: the invoice (requested, rendered by `invoice:<orderId>`), the receipt (rendered on first
// request and again after a refund, by `receipt:<orderId>:<revision>`) and a credit note per succeeded refund. PDFs
// are rendered by the flows' steps (render-document.ts), stored in file storage and handed out as signed, expiring
// URLs.
import { flowStart, type WorkflowStart } from '../../../platform/temporal/flow-start';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { FLOWS, renderInvoiceSignal } from '../../../../workflows/definitions';
import type { BillingDocument, DocumentParty } from '../../../adapters/pdf/billing-document';
import type { FileStorage } from '../../../adapters/storage/file-storage';
import type { Clock } from '../../../kernel/clock';
import { ResourceNotFound } from '../../../kernel/errors';
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { CustomerService } from '../../customer';
import type { OrganizationService } from '../../organization';
import type { Order } from '../order.entity';
import { MissingInvoiceBillingDetails, OrderNotEligibleForInvoice } from '../order.errors';
import { invoiceEligible } from '../order.logic';
import type { OrderService } from '../order.service';
import { Refund } from '../refund/refund.entity';
import { invoiceChecksum } from './order-document.content';

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
}
