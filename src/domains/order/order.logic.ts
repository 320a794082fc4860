// Pure rules of orders: the tax breakdown an invoice shows, which orders can have an invoice, which were paid.
import type { Address } from '../../contracts/address';
import type { ValidationIssue } from '../../kernel/errors';
import { calculateTax, type SellerOfRecord } from '../tax/tax.logic';
import type { OrderStatus, OrderTaxLine } from './order.entity';

export interface TaxedAmounts {
  net: number;
  tax: number;
  behavior: 'inclusive' | 'exclusive';
}

/**
 * The tax lines behind an order's tax amount, as the tax domain computes them for the buyer on the order's date. A
 * rate table changed since the amount was charged (the calculation no longer gives it) leaves one line stating the
 * amount as charged, its rate derived from it.
 */
export function orderTaxLines(
  seller: SellerOfRecord,
  buyer: { address: Address | null; taxId: string | null; isBusiness: boolean },
  amounts: TaxedAmounts,
  at: Date,
): OrderTaxLine[] {
  const taxable = amounts.behavior === 'inclusive' ? amounts.net + amounts.tax : amounts.net;
  if (taxable === 0 || !buyer.address) return [];
  const sign = taxable < 0 ? -1 : 1;
  const calculation = calculateTax(seller, buyer, [{ amount: Math.abs(taxable), taxBehavior: amounts.behavior }], at);
  if (calculation && calculation.taxAmount * sign === amounts.tax) {
    return calculation.lines.map(({ jurisdiction, kind, rate, taxableAmount, amount, reason }) => ({
      jurisdiction,
      kind,
      rate,
      taxableAmount: taxableAmount * sign,
      amount: amount * sign,
      reason,
    }));
  }
  if (amounts.tax === 0) return [];
  const rate = amounts.net === 0 ? 0 : Math.round((amounts.tax / amounts.net) * 1_000_000);
  return [
    {
      jurisdiction: buyer.address.country,
      kind: 'tax',
      rate,
      taxableAmount: amounts.net,
      amount: amounts.tax,
      reason: 'standard_rated',
    },
  ];
}

/** Void orders get no invoice (the reference's OrderNotEligibleForInvoice; Bursar has no draft orders). */
export const invoiceEligible = (status: OrderStatus) => status !== 'void';

/**
 * Why new billing details cannot replace the order's (the reference's rules): once an address is set its country
 * and state stay (tax was charged for them), and US and Canadian addresses need their state, as at checkout.
 */
export function billingUpdateIssues(current: Address | null, next: Address | null | undefined): ValidationIssue[] {
  if (next === undefined) return [];
  const issue = (field: string, msg: string): ValidationIssue => ({
    loc: ['body', 'billing_address', field],
    msg,
    type: 'value_error',
  });
  if (current && !next) return [issue('country', 'The billing address cannot be removed once set.')];
  if (!next) return [];
  if (current && next.country !== current.country) return [issue('country', 'Country cannot be changed.')];
  if (current && (next.state ?? null) !== (current.state ?? null)) return [issue('state', 'State cannot be changed.')];
  if ((next.country === 'US' || next.country === 'CA') && !next.state)
    return [issue('state', 'The state or province is required.')];
  return [];
}

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
