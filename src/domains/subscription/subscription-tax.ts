// The tax on a subscription's bill, worked out as its checkout captured its customer's tax details.
import { calculateTax, type SellerOfRecord, type TaxCustomer } from '../tax';
import type { Subscription } from './subscription.entity';

/** Tax on a renewal or change at `at`: none where the location is unknown; a net credit gets its tax back. */
export function subscriptionTax(seller: SellerOfRecord, s: Subscription, taxable: number, at: Date): number {
  if (taxable === 0) return 0;
  const amount =
    calculateTax(seller, taxCustomerOf(s), [{ amount: Math.abs(taxable), taxBehavior: s.taxBehavior }], at)
      ?.taxAmount ?? 0;
  return taxable < 0 ? -amount : amount;
}

/** The subscription's buyer as the tax rules see it (captured at checkout). */
export function taxCustomerOf(s: Subscription): TaxCustomer {
  return { address: s.billingAddress, taxId: s.taxId?.[0] ?? null, isBusiness: s.isBusiness };
}
