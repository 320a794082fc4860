// Pure rules of orders: which orders can have an invoice, which were paid, and how their payment stands.
import type { OrderStatus } from './order.entity';

/** Void orders get no invoice (the reference's OrderNotEligibleForInvoice), nor drafts until finalized. */
export const invoiceEligible = (status: OrderStatus) => status !== 'void' && status !== 'draft';

/** Statuses of an order that was paid (refunds, whole or partial, do not undo that it was). */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];
export const wasPaid = (status: OrderStatus): boolean => PAID_ORDER_STATUSES.includes(status);

export interface PaymentStatus {
  status: 'succeeded' | 'pending' | 'failed';
  error: string | null;
}

/**
 * How the order's payment stands for its customer: succeeded once paid (refunds do not undo that), failed when the
 * last attempt was declined (dunning retries it at `nextPaymentAttemptAt`) or the order was voided, pending otherwise.
 */
export function paymentStatus(order: { status: OrderStatus; nextPaymentAttemptAt: Date | null }): PaymentStatus {
  if (wasPaid(order.status)) return { status: 'succeeded', error: null };
  if (order.status === 'void')
    return { status: 'failed', error: 'The payment will not be collected: the order was voided.' };
  if (order.nextPaymentAttemptAt)
    return {
      status: 'failed',
      error: `The last payment attempt was declined; it will be retried on ${order.nextPaymentAttemptAt.toISOString()}.`,
    };
  return { status: 'pending', error: null };
}
