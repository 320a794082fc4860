// What may still be refunded of an order, the tax that goes back with a refund, and the order's status afterwards.
// Amounts are before tax; the tax follows the order's own ratio of tax to net.
import { refundTax } from '../../tax/tax.logic';

/** An order's amounts as refunds see them (succeeded refunds are already counted in `refunded*`). */
export interface RefundableOrder {
  netAmount: number;
  taxAmount: number;
  refundedAmount: number;
  refundedTaxAmount: number;
  /** What a lost dispute took back: no longer held, so not refundable either. */
  disputedAmount?: number;
  disputedTaxAmount?: number;
}

/** A sum of refunds: what pending refunds have claimed, or what remains refundable. */
export interface RefundAmounts {
  amount: number;
  taxAmount: number;
}

export const NO_REFUNDS: RefundAmounts = { amount: 0, taxAmount: 0 };

/** What remains refundable once succeeded and pending refunds are taken off: never below zero. */
export function refundableAmounts(order: RefundableOrder, pending: RefundAmounts = NO_REFUNDS): RefundAmounts {
  return {
    amount: Math.max(0, order.netAmount - order.refundedAmount - (order.disputedAmount ?? 0) - pending.amount),
    taxAmount: Math.max(
      0,
      order.taxAmount - order.refundedTaxAmount - (order.disputedTaxAmount ?? 0) - pending.taxAmount,
    ),
  };
}

/**
 * The tax refunded with `amount`: all the tax left when the refund takes all that is left, so the order's tax comes
 * back in full whatever the rounding of earlier refunds; otherwise the order's ratio, rounded half-up, capped at the
 * tax left.
 */
export function refundTaxAmount(order: RefundableOrder, refundable: RefundAmounts, amount: number): number {
  if (amount >= refundable.amount) return refundable.taxAmount;
  return Math.min(refundTax(order.taxAmount, order.netAmount, amount), refundable.taxAmount);
}

/** The order once a refund succeeded: fully refunded when the refunds reach its net amount. */
export function statusAfterRefund(
  order: Pick<RefundableOrder, 'netAmount' | 'refundedAmount'>,
): 'refunded' | 'partially_refunded' {
  return order.refundedAmount >= order.netAmount ? 'refunded' : 'partially_refunded';
}

/** What the processor gives back to the card: the refund and its tax. */
export const processorRefundAmount = (refund: RefundAmounts): number => refund.amount + refund.taxAmount;
