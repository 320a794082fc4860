// The tax breakdown an order's invoice shows, as the tax domain computes it for the buyer on the order's date. Pure.
import type { Address } from '../../contracts/address';
import { calculateTax, type SellerOfRecord } from '../tax/tax.logic';
import type { OrderTaxLine } from './order.entity';

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
