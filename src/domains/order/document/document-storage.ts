// Where an organization's billing documents are stored, and a document rendered to PDF and stored there.
import type { BillingDocument } from '../../../adapters/pdf/billing-document';
import type { Order } from '../order.entity';
import type { DocumentDeps } from './order-document.service';

/** The document's key in the environment's private storage, under its organization. */
export function documentKey(deps: Pick<DocumentDeps, 'environment'>, order: Order, name: string): string {
  return `private/${deps.environment}/${order.organizationId}/documents/${name}`;
}

/** Renders the document to PDF and stores it under `key`. */
export async function storeDocument(
  deps: Pick<DocumentDeps, 'storage' | 'render'>,
  key: string,
  document: BillingDocument,
): Promise<void> {
  await deps.storage.put(key, await deps.render(document), 'application/pdf');
}
