// Checkout amounts, derived in one place from the selected prices, the discount and the tax engine. Pure.
import type { ValidationIssue } from '../../kernel/errors';
import { totals, type Totals } from '../../kernel/money';
import { discountAmount } from '../discount/discount.logic';
import { calculateTax, type SellerOfRecord, type TaxCustomer } from '../tax/tax.logic';
import { buyerIssue, upfrontAmount, type CheckoutDiscount, type CheckoutPrice } from './checkout-price.logic';
import { paymentFlags } from './payment-flags.logic';
import { resolveTaxBehavior } from '../tax/tax-behavior.logic';

/** What a session charges, from its price, the buyer's amount or seats, its discount and where the customer is. */
export interface CheckoutAmountsInput {
  price: CheckoutPrice & { tax_behavior: string | null };
  isRecurring: boolean;
  buyer: { amount: number | null; seats: number | null };
  /** A discount already found redeemable for this product; it applies unless the price cannot be discounted. */
  discount: CheckoutDiscount | null;
  currency: string;
  customer: TaxCustomer;
  seller: SellerOfRecord;
  at: Date;
}

/**
 * The session's amounts: the upfront amount of its price, what the discount takes off, and tax — added on top or
 * carved out of the price where the customer's country includes it; `tax_amount` null while the location is not
 * known well enough. The issue with the buyer's amount or seats instead, when there is one.
 */
export function checkoutAmounts(
  input: CheckoutAmountsInput,
): { totals: Totals; seats: number | null; taxBehavior: 'inclusive' | 'exclusive' | null } | ValidationIssue {
  const { price, currency } = input;
  const issue = buyerIssue(price, input.buyer);
  if (issue) return issue;
  const upfront = upfrontAmount(price, input.buyer) as { amount: number; seats: number | null };
  const discountable = paymentFlags({
    prices: [price],
    isRecurring: input.isRecurring,
    amount: upfront.amount,
    total: upfront.amount,
    trial: false,
    discount: null,
  }).is_discount_applicable;
  const off = discountAmount(discountable ? input.discount : null, upfront.amount, currency);
  const behavior = resolveTaxBehavior(price.tax_behavior, input.customer.address?.country);
  const taxable = upfront.amount - off;
  const calculation =
    taxable === 0
      ? { taxAmount: 0 }
      : calculateTax(input.seller, input.customer, [{ amount: taxable, taxBehavior: behavior }], input.at);
  const tax = calculation && { amount: calculation.taxAmount, inclusive: behavior === 'inclusive' };
  return { totals: totals(upfront.amount, off, tax), seats: upfront.seats, taxBehavior: tax ? behavior : null };
}
