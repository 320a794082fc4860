// The refund workflow's processor steps: the refund asked of the processor, and where a pending one stands.
import { RefundDeclined } from '../../../adapters/payment/payment-processor';
import { Order } from '../order.entity';
import { Refund } from './refund.entity';
import { processorRefundAmount } from './refund.logic';
import type { RefundDeps } from './refund.service';

/** The processor's answer: refunded, refused for good, or still pending (asked again every `checkEveryMs`). */
export type ProcessorRefundOutcome =
  { processorRefundId: string; pending?: { checkEveryMs: number } } | { failure: string };

/**
 * Asks the processor to give back the refund and its tax, keyed `refund:<id>`: a retry after a lost worker gets the
 * same processor refund. A refusal for good is returned, not thrown; anything else is retried.
 */
export async function processRefund(deps: RefundDeps, refundId: string): Promise<ProcessorRefundOutcome> {
  const em = deps.orm.em.fork();
  const refund = await em.findOneOrFail(Refund, { id: refundId });
  const order = await em.findOneOrFail(Order, { id: refund.orderId });
  if (!deps.processor) return { failure: 'No payment processor is configured.' };
  try {
    const { refundId: processorRefundId, pending } = await deps.processor.refund({
      chargeId: order.chargeId!,
      amount: processorRefundAmount(refund),
      idempotencyKey: `refund:${refund.id}`,
    });
    return pending
      ? { processorRefundId, pending: { checkEveryMs: deps.statusCheckIntervalMs } }
      : { processorRefundId };
  } catch (error) {
    if (error instanceof RefundDeclined) return { failure: error.message };
    throw error;
  }
}

/** Where a refund the processor reported pending stands now. */
export function refundProcessorStatus(
  deps: RefundDeps,
  processorRefundId: string,
): Promise<'pending' | 'succeeded' | 'failed'> {
  return deps.processor!.refundStatus(processorRefundId);
}
