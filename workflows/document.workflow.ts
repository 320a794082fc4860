// An order's documents as flows an operator can follow: `invoice:<orderId>` renders and stores the invoice (again
// should the billing details change while it renders), `receipt:<orderId>:<revision>` one revision of the receipt.
import { patched, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DOCUMENT_ACTIVITY, DOCUMENT_LOCAL_ACTIVITY } from './activity-options';
import { renderInvoiceSignal, type OrderDocumentInput } from './definitions';

const { renderInvoice, renderReceipt } = proxyActivities<Activities>(DOCUMENT_ACTIVITY);
const local = proxyLocalActivities<Activities>(DOCUMENT_LOCAL_ACTIVITY);

/** Renders at most this many times in one run: billing details edited faster than that wait for the next request. */
const MAX_RENDERINGS = 10;

export async function invoiceGeneration({ orderId }: OrderDocumentInput): Promise<'generated'> {
  let requested = true;
  setHandler(renderInvoiceSignal, () => void (requested = true));
  // Flows started before the local rendering keep their regular activity.
  const render = patched('invoice-rendered-locally') ? local.renderInvoice : renderInvoice;
  for (let rendering = 0; requested && rendering < MAX_RENDERINGS; rendering++) {
    requested = false;
    if (!(await render(orderId)).current) requested = true;
  }
  return 'generated';
}

export async function receiptRendering({ orderId }: OrderDocumentInput): Promise<'rendered'> {
  await renderReceipt(orderId);
  return 'rendered';
}
