// The buyers the grid knows, and the tax on an order's amount after discount.
import type { Buyer } from '../scenario';
import { mulDiv } from './money';

const MILLION = 1_000_000;

interface Rate {
  /** Millionths. */
  rate: number;
  /** In force from this instant (ms); the latest entry not after the sale applies. */
  from: number;
}

/**
 * Rates by jurisdiction. DE and US-NY: node_modules/sales-tax/res/sales_tax_rates.json (DE 19 %, 16 % from
 * 2020-06-30T22:00Z to 2020-12-31T22:00Z; NY state-level 4 %). US-OR and HK have no sales tax or VAT (tax README:
 * "places with no VAT, GST or general sales tax (zero-rated)").
 */
const RATES: Record<string, Rate[]> = {
  DE: [
    { rate: 190_000, from: -Infinity },
    { rate: 160_000, from: Date.parse('2020-06-30T22:00:00Z') },
    { rate: 190_000, from: Date.parse('2020-12-31T22:00:00Z') },
  ],
  'US-NY': [{ rate: 40_000, from: -Infinity }],
  'US-OR': [{ rate: 0, from: -Infinity }],
  HK: [{ rate: 0, from: -Infinity }],
};

const EU_VAT_IDS = /^DE\d{9}$/;

/** Tax README: reverse charge for an EU business whose tax id validates for its country (the seller is the US). */
const reverseCharge = (buyer: Buyer) => !!buyer.taxId && EU_VAT_IDS.test(buyer.taxId) && buyer.country === 'DE';

function rateOf(buyer: Buyer, at: number): number {
  if (reverseCharge(buyer)) return 0;
  const key = buyer.country === 'US' ? `US-${buyer.state}` : buyer.country;
  const rates = RATES[key];
  if (!rates) throw new Error(`No tax rate for ${key}`);
  return rates.filter((r) => r.from <= at).at(-1)!.rate;
}

/** lifecycle-semantics §1.7: `location` behaviour, tax added in the US, CA and IN, carved out elsewhere. */
const inclusive = (buyer: Buyer) => !['US', 'CA', 'IN'].includes(buyer.country);

/**
 * The net and tax of an amount after discount (tax README "Inclusive prices"): inclusive, net = amount ÷ (1 + rate)
 * rounded half-up and the tax the rest; exclusive, tax = amount × rate rounded half-up. A negative amount is taxed
 * on its magnitude.
 */
export function taxOf(amount: number, buyer: Buyer, at: number): { net: number; tax: number } {
  const rate = rateOf(buyer, at);
  if (inclusive(buyer)) {
    const net = mulDiv(amount, MILLION, MILLION + rate);
    return { net, tax: amount - net };
  }
  return { net: amount, tax: mulDiv(amount, rate, MILLION) };
}
