// What the first period of a subscription created for an existing customer costs (`POST /v1/subscriptions/`): the
// fixed price, its tax from the customer's billing address, and the total charged. Pure.
import { calculateTax, type SellerOfRecord, type TaxCustomer } from '../tax/tax.logic';
import { resolveTaxBehavior } from '../tax/tax-behavior.logic';

export interface FirstPeriodBill {
  amount: number;
  taxBehavior: 'inclusive' | 'exclusive';
  /** Tax on the amount (carved out of it when inclusive); 0 where the customer's location is unknown. */
  tax: number;
  /** The amount before tax. */
  net: number;
  /** What is charged. */
  total: number;
}

export function firstPeriodBill(
  seller: SellerOfRecord,
  customer: TaxCustomer,
  price: { amount: number; taxBehavior: string | null },
  at: Date,
): FirstPeriodBill {
  const taxBehavior = resolveTaxBehavior(price.taxBehavior, customer.address?.country);
  const { amount } = price;
  const tax = amount === 0 ? 0 : (calculateTax(seller, customer, [{ amount, taxBehavior }], at)?.taxAmount ?? 0);
  const net = taxBehavior === 'inclusive' ? amount - tax : amount;
  return { amount, taxBehavior, tax, net, total: net + tax };
}
