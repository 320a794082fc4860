// The tax on a subscription's bill, worked out as its checkout captured its customer's tax details.
import { calculateTax, type SellerOfRecord } from '../tax';
import type { Subscription } from './subscription.entity';

/** Tax on a renewal or change at `at`: none where the location is unknown; a net credit gets its tax back. */
export function subscriptionTax(seller: SellerOfRecord, s: Subscription, taxable: number, at: Date): number {
  if (taxable === 0) return 0;
  const customer = { address: s.billingAddress, taxId: s.taxId?.[0] ?? null, isBusiness: s.isBusiness };
  const amount =
    calculateTax(seller, customer, [{ amount: Math.abs(taxable), taxBehavior: s.taxBehavior }], at)?.taxAmount ?? 0;
  return taxable < 0 ? -amount : amount;
}
