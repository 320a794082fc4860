// One refund (`refund:<id>`): the processor gives back the amount and its tax (asked again while it keeps it pending),
// then the refund is recorded as succeeded (credit-note number, order amounts, order.refunded) and its credit note
// rendered — or as failed when the processor refuses it for good.
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { REFUND_SETTLEMENT_MAX_MS } from '../temporal.config';
import { DOCUMENT_ACTIVITY, REFUND_ACTIVITY } from './activity-options';
import type { RefundInput } from './definitions';

const { processRefund, refundProcessorStatus, succeedRefund, failRefund } =
  proxyActivities<Activities>(REFUND_ACTIVITY);
const { renderCreditNote } = proxyActivities<Activities>(DOCUMENT_ACTIVITY);

export async function refundLifecycle({ refundId }: RefundInput): Promise<'succeeded' | 'failed'> {
  const outcome = await processRefund(refundId);
  const failure =
    'failure' in outcome
      ? outcome.failure
      : outcome.pending
        ? await settled(outcome.processorRefundId, outcome.pending.checkEveryMs)
        : null;
  if ('failure' in outcome || failure !== null) {
    await failRefund(refundId, failure ?? 'The refund failed.');
    return 'failed';
  }
  await succeedRefund(refundId, outcome.processorRefundId);
  await renderCreditNote(refundId);
  return 'succeeded';
}

/** A refund the processor completes later: asked again until it succeeded (null) or failed (why). */
async function settled(processorRefundId: string, checkEveryMs: number): Promise<string | null> {
  for (let waited = 0; waited < REFUND_SETTLEMENT_MAX_MS; waited += checkEveryMs) {
    await sleep(checkEveryMs);
    const status = await refundProcessorStatus(processorRefundId);
    if (status === 'succeeded') return null;
    if (status === 'failed') return 'The payment processor could not complete the refund.';
  }
  return 'The payment processor did not complete the refund in time; check it there.';
}
