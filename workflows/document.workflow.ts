// An order's documents as flows an operator can follow: `invoice:<orderId>` renders and stores the invoice (again
// should the billing details change while it renders), `receipt:<orderId>:<revision>` one revision of the receipt.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DOCUMENT_ACTIVITY } from '../temporal.config';
import type { OrderDocumentInput } from './definitions';

const { renderInvoice, renderReceipt } = proxyActivities<Activities>(DOCUMENT_ACTIVITY);

/** Renders at most this many times in one run: billing details edited faster than that wait for the next request. */
const MAX_RENDERINGS = 3;

export async function invoiceGeneration({ orderId }: OrderDocumentInput): Promise<'generated'> {
  for (let rendering = 0; rendering < MAX_RENDERINGS; rendering++) {
    if ((await renderInvoice(orderId)).current) break;
  }
  return 'generated';
}

export async function receiptRendering({ orderId }: OrderDocumentInput): Promise<'rendered'> {
  await renderReceipt(orderId);
  return 'rendered';
}
