// Order document activities: thin calls into the order domain's documents.
import type { OrderDocumentService } from '../src/domains/order';

export const createOrderDocumentActivities = (documents: OrderDocumentService) => ({
  /** Renders and stores the invoice; `current` is false when the billing details changed meanwhile. */
  renderInvoice: (orderId: string) => documents.renderInvoice(orderId),
  renderReceipt: (orderId: string) => documents.renderReceipt(orderId),
  renderCreditNote: (refundId: string) => documents.renderCreditNote(refundId),
});
