// The tax engine: what a seller of record charges on each line, for a customer somewhere, on a date. Pure.
import { exclusiveTax, inclusiveTax, proportionalAmount, RATE_SCALE } from '../../kernel/money';
import { validateTaxId, type TaxId } from './tax-id.logic';
import { isReverseCharge } from './tax-regions.logic';
import { ratesFor, type JurisdictionRate, type TaxKind } from './tax-rates.logic';

export type TaxBehavior = 'inclusive' | 'exclusive';
export type TaxabilityReason = 'standard_rated' | 'reverse_charge' | 'zero_rated' | 'not_collecting' | 'not_supported';

/** Where Bursar, the seller of record, is established and registered (deployment configuration). */
export interface SellerOfRecord {
  country: string;
  /** Countries where it collects tax; omitted means everywhere rates are known. */
  registeredIn?: readonly string[];
}

export interface TaxCustomer {
  address: { country: string; state?: string | null; postal_code?: string | null } | null;
  taxId?: string | null;
  isBusiness?: boolean;
}

export interface TaxLineItem {
  amount: number;
  taxBehavior: TaxBehavior;
  /** Digital services by default; the only category Bursar sells today. */
  category?: 'digital_services';
}

export interface TaxLine {
  item: number;
  jurisdiction: string;
  kind: TaxKind;
  /** Millionths, e.g. 200 000 for 20 %; 0 for reverse charge and untaxed lines. */
  rate: number;
  /** The amount the rate applies to (before tax). */
  taxableAmount: number;
  amount: number;
  reason: TaxabilityReason;
}

export interface TaxCalculation {
  lines: TaxLine[];
  /** Per item: tax on it, and its amount before tax. */
  items: { tax: number; net: number; total: number }[];
  taxAmount: number;
  /** The customer's tax ID as validated, when one was given and is valid. */
  taxId: TaxId | null;
}

/**
 * Tax for each line, or null when the customer's location is not known well enough to tell (no address; a US or
 * Canadian address without its state or province) — exactly when the spec's `tax_amount` is null.
 */
export function calculateTax(
  seller: SellerOfRecord,
  customer: TaxCustomer,
  items: readonly TaxLineItem[],
  date: Date,
): TaxCalculation | null {
  const country = customer.address?.country;
  if (!country) return null;
  const lookup = ratesFor(country, customer.address?.state, date);
  if (lookup.kind === 'needs_region') return null;

  const taxId = customer.taxId ? validateTaxId(customer.taxId, country) : null;
  const reverseCharge = isReverseCharge(
    { country, isBusiness: customer.isBusiness === true, hasValidTaxId: Boolean(taxId) },
    seller.country,
  );
  const collecting = !seller.registeredIn || seller.registeredIn.includes(country);
  const jurisdictions: JurisdictionRate[] =
    lookup.kind === 'rates' ? lookup.rates : [{ jurisdiction: country, kind: 'none', rate: 0 }];

  const reason = (rate: number): TaxabilityReason =>
    lookup.kind === 'unsupported'
      ? 'not_supported'
      : reverseCharge
        ? 'reverse_charge'
        : !collecting
          ? 'not_collecting'
          : rate === 0
            ? 'zero_rated'
            : 'standard_rated';
  const charged = (j: JurisdictionRate) => (reason(j.rate) === 'standard_rated' ? j.rate : 0);

  const lines: TaxLine[] = [];
  const perItem = items.map((item, index) => {
    const rates = jurisdictions.map(charged);
    const taxes =
      item.taxBehavior === 'inclusive' ? inclusiveTax(item.amount, rates) : exclusiveTax(item.amount, rates);
    const tax = taxes.reduce((sum, t) => sum + t, 0);
    const net = item.taxBehavior === 'inclusive' ? item.amount - tax : item.amount;
    jurisdictions.forEach((j, k) =>
      lines.push({
        item: index,
        jurisdiction: j.jurisdiction,
        kind: j.kind,
        rate: rates[k],
        taxableAmount: net,
        amount: taxes[k],
        reason: reason(j.rate),
      }),
    );
    return { tax, net, total: net + tax };
  });
  return { lines, items: perItem, taxAmount: perItem.reduce((sum, i) => sum + i.tax, 0), taxId };
}

/** The tax that goes with refunding `refundedNet` of an order whose net was `orderNet` and tax `orderTax`. */
export function refundTax(orderTax: number, orderNet: number, refundedNet: number): number {
  return proportionalAmount(orderTax, refundedNet, orderNet);
}

/** A rate as a percentage string for display: 99 750 → "9.975". */
export function ratePercent(rate: number): string {
  return String(Math.round((rate / RATE_SCALE) * 100 * 1e4) / 1e4);
}
