// An order's documents: the invoice (requested, rendered by `invoice:<orderId>`), the receipt (rendered on first
// request and again after a refund, by `receipt:<orderId>:<revision>`) and a credit note per succeeded refund. PDFs
// are rendered by the flows' steps (render-invoice.ts, render-receipt.ts, render-credit-note.ts), stored in file
// storage and handed out as signed, expiring URLs.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BillingDocument, DocumentParty } from '../../../adapters/pdf/billing-document';
import type { FileStorage } from '../../../adapters/storage/file-storage';
import type { Clock } from '../../../kernel/clock';
import { ResourceNotFound } from '../../../kernel/errors';
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { CustomerService } from '../../customer';
import type { OrganizationService } from '../../organization';
import type { Order } from '../order.entity';
import type { OrderService } from '../order.service';
import { Refund } from '../refund/refund.entity';
import { requestInvoice } from './request-invoice';
import { requestReceipt } from './request-receipt';
import { signedDocumentUrl } from './signed-document-url';

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

  /** Asks for the order's invoice: rendered in the background unless the stored one is current. */
  requestInvoice(tx: Tx, organizationId: string, orderId: string): Promise<{ order: Order; generated: boolean }> {
    return requestInvoice(this.deps, tx, organizationId, orderId);
  }

  async invoiceUrl(em: EntityManager, organizationId: string, orderId: string): Promise<{ url: string }> {
    const order = await this.deps.orders.get(em, organizationId, orderId);
    if (!order.invoicePath)
      throw new ResourceNotFound("The invoice has not been generated yet: POST to the order's /invoice first.");
    return signedDocumentUrl(this.deps, order.invoicePath, `Invoice-${order.invoiceNumber}.pdf`);
  }

  /** The receipt's URL once the current revision is rendered; null (202) while it is being rendered. */
  receipt(tx: Tx, organizationId: string, orderId: string): Promise<{ url: string } | null> {
    return requestReceipt(this.deps, tx, organizationId, orderId);
  }

  /** The signed URL of a refund's credit note, once rendered. */
  async creditNoteUrl(em: EntityManager, organizationId: string, refundId: string): Promise<{ url: string }> {
    const refund = await em.findOne(Refund, { id: refundId, organizationId });
    if (!refund?.creditNotePath) throw new ResourceNotFound('This refund has no credit note yet.');
    return signedDocumentUrl(this.deps, refund.creditNotePath, `Credit-note-${refund.creditNoteNumber}.pdf`);
  }
}
