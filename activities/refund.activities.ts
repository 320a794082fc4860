// Refund activities: thin calls into the refund workflow's steps, each its own transaction.
import { failRefund, processRefund, refundProcessorStatus, succeedRefund, type RefundDeps } from '../src/domains/order';

export const createRefundActivities = (deps: RefundDeps) => ({
  /** Asks the processor for the refund and its tax (key `refund:<id>`); a refusal for good is returned, not thrown. */
  processRefund: (refundId: string) => processRefund(deps, refundId),
  /** Where a refund the processor reported pending stands now. */
  refundProcessorStatus: (processorRefundId: string) => refundProcessorStatus(deps, processorRefundId),
  /** Pending → succeeded with its credit-note number and the order's refunded amounts; refund.updated, order.updated, order.refunded. */
  succeedRefund: (refundId: string, processorRefundId: string) => succeedRefund(deps, refundId, processorRefundId),
  /** Pending → failed with the processor's reason; refund.updated. */
  failRefund: (refundId: string, reason: string) => failRefund(deps, refundId, reason),
});
