// One refund (`refund:<id>`): the processor gives back the amount and its tax, then the refund is recorded as succeeded
// (credit-note number, order amounts, order.refunded) and its credit note rendered — or as failed when the processor refuses it for good.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DOCUMENT_ACTIVITY, REFUND_ACTIVITY } from '../temporal.config';
import type { RefundInput } from './definitions';

const { processRefund, succeedRefund, failRefund } = proxyActivities<Activities>(REFUND_ACTIVITY);
const { renderCreditNote } = proxyActivities<Activities>(DOCUMENT_ACTIVITY);

export async function refundLifecycle({ refundId }: RefundInput): Promise<'succeeded' | 'failed'> {
  const outcome = await processRefund(refundId);
  if ('failure' in outcome) {
    await failRefund(refundId, outcome.failure);
    return 'failed';
  }
  await succeedRefund(refundId, outcome.processorRefundId);
  await renderCreditNote(refundId);
  return 'succeeded';
}
