// An order's documents as flows an operator can follow: `invoice:<orderId>` renders and stores the invoice (again
// should the billing details change while it renders), `receipt:<orderId>:<revision>` one revision of the receipt.
import { proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DOCUMENT_ACTIVITY } from './activity-options';
import { renderInvoiceSignal, type OrderDocumentInput } from './definitions';

const { renderInvoice, renderReceipt } = proxyActivities<Activities>(DOCUMENT_ACTIVITY);

/** Renders at most this many times in one run: billing details edited faster than that wait for the next request. */
const MAX_RENDERINGS = 10;

export async function invoiceGeneration({ orderId }: OrderDocumentInput): Promise<'generated'> {
  let requested = true;
  setHandler(renderInvoiceSignal, () => void (requested = true));
  for (let rendering = 0; requested && rendering < MAX_RENDERINGS; rendering++) {
    requested = false;
    if (!(await renderInvoice(orderId)).current) requested = true;
  }
  return 'generated';
}

export async function receiptRendering({ orderId }: OrderDocumentInput): Promise<'rendered'> {
  await renderReceipt(orderId);
  return 'rendered';
}
