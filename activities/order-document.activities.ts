// Order document activities: thin calls into the document flows' steps.
import { renderCreditNote, renderInvoice, renderReceipt, type DocumentDeps } from '../src/domains/order';

export const createOrderDocumentActivities = (deps: DocumentDeps) => ({
  /** Renders and stores the invoice; `current` is false when the billing details changed meanwhile. */
  renderInvoice: (orderId: string) => renderInvoice(deps, orderId),
  renderReceipt: (orderId: string) => renderReceipt(deps, orderId),
  renderCreditNote: (refundId: string) => renderCreditNote(deps, refundId),
});
