// Refund activities: thin calls into the refund service, each its own transaction.
import type { RefundService } from '../src/domains/order';

export const createRefundActivities = (refunds: RefundService) => ({
  /** Asks the processor for the refund and its tax (key `refund:<id>`); a refusal for good is returned, not thrown. */
  processRefund: (refundId: string) => refunds.process(refundId),
  /** Where a refund the processor reported pending stands now. */
  refundProcessorStatus: (processorRefundId: string) => refunds.processorStatus(processorRefundId),
  /** Pending → succeeded with its credit-note number and the order's refunded amounts; refund.updated, order.updated, order.refunded. */
  succeedRefund: (refundId: string, processorRefundId: string) => refunds.succeed(refundId, processorRefundId),
  /** Pending → failed with the processor's reason; refund.updated. */
  failRefund: (refundId: string, reason: string) => refunds.fail(refundId, reason),
});
