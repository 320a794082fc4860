// Pure rules of a draft catalog change: what it asks for (checked), the price it gives a subscription, the discount
// terms it gives a discount, and the tax it gives a renewal — each only from its effective date on.
import type { SimulationChange } from '../../contracts/simulation';
import type { ValidationIssue } from '../../kernel/errors';
import {
  exclusiveTax,
  inclusiveTax,
  isValidPriceAmount,
  RATE_SCALE,
  seatsPrice,
  type SeatTier,
} from '../../kernel/money';
import { seatTierIssues } from '../catalog/seat-tier.logic';
import { issue } from '../catalog/validation-issue.logic';
import { calculateTax, type SellerOfRecord, type TaxCustomer } from '../tax/tax.logic';

export type PriceChange = Extract<SimulationChange, { type: 'price' }>;
export type DiscountChange = Extract<SimulationChange, { type: 'discount' }>;
export type TaxRateChange = Extract<SimulationChange, { type: 'tax_rate' }>;

/** Whether a renewal starting at `start` falls under the draft. */
export const inEffect = (change: { effective_at: string }, start: Date) =>
  start.getTime() >= Date.parse(change.effective_at);

/** What the draft gets wrong on its own (the 422's issues); `now` bounds its date. */
export function draftIssues(change: SimulationChange, now: Date): ValidationIssue[] {
  const loc = ['body', 'change'];
  const issues: ValidationIssue[] = [];
  if (Date.parse(change.effective_at) < now.getTime())
    issues.push(issue([...loc, 'effective_at'], 'effective_at must not be in the past', 'date_in_past'));
  if (change.type === 'price') {
    const price = change.price;
    if (price.amount_type === 'fixed' && !isValidPriceAmount(price.price_amount, price.price_currency))
      issues.push(issue([...loc, 'price', 'price_amount'], 'Not a valid price amount in this currency'));
    if (price.amount_type === 'seat_based')
      issues.push(...seatTierIssues(price.seat_tiers.tiers, [...loc, 'price', 'seat_tiers', 'tiers']));
  }
  if (change.type === 'discount') {
    if (change.discount_type === 'percentage' && change.basis_points == null)
      issues.push(issue([...loc, 'basis_points'], 'A percentage discount needs basis_points'));
    if (change.discount_type === 'fixed' && change.amount == null)
      issues.push(issue([...loc, 'amount'], 'A fixed discount needs an amount'));
    if (change.duration === 'repeating' && change.duration_in_months == null)
      issues.push(issue([...loc, 'duration_in_months'], 'A repeating discount needs duration_in_months'));
  }
  if (change.type === 'tax_rate' && (change.country === 'US' || change.country === 'CA') && !change.state)
    issues.push(issue([...loc, 'state'], 'A US or Canadian rate is a state’s or a province’s: state is required'));
  return issues;
}

/** The period's charge under a draft price: its amount, or the seats' price at its tiers (undefined outside them). */
export function draftPriceAmount(price: PriceChange['price'], seats: number | null): number | undefined {
  if (price.amount_type === 'fixed') return price.price_amount;
  return seatsPrice(draftSeatTiers(price), seats ?? 1, price.seat_tiers.seat_tier_type) ?? undefined;
}

/** A draft seat price's tiers as the seat rules take them. */
export function draftSeatTiers(price: Extract<PriceChange['price'], { amount_type: 'seat_based' }>): SeatTier[] {
  return price.seat_tiers.tiers.map((t) => ({
    min_seats: t.min_seats,
    max_seats: t.max_seats ?? null,
    price_per_seat: t.price_per_seat,
    ...(t.flat_amount != null && { flat_amount: t.flat_amount }),
  }));
}

/** The discount's row with the draft's terms (its id, products and first use unchanged). */
export function draftDiscount<
  D extends {
    type: 'fixed' | 'percentage';
    basisPoints: number | null;
    amounts: Record<string, number> | null;
    duration: 'once' | 'forever' | 'repeating';
    durationInMonths: number | null;
  },
>(discount: D, change: DiscountChange): D {
  const percentage = change.discount_type === 'percentage';
  return {
    ...discount,
    type: change.discount_type,
    basisPoints: percentage ? (change.basis_points ?? null) : null,
    // A fixed amount is per currency: the draft's currency changes, the discount's other currencies stay.
    amounts: percentage ? null : { ...discount.amounts, [change.currency]: change.amount ?? 0 },
    duration: change.duration,
    durationInMonths: change.duration === 'repeating' ? (change.duration_in_months ?? null) : null,
  };
}

/** The jurisdiction the draft rate is for, as the tax rules name it (`DE`, `US-CA`, `CA-BC`). */
export const draftJurisdiction = (change: TaxRateChange) =>
  change.state ? `${change.country}-${change.state}` : change.country;

/**
 * The tax on `taxable` at `at` with the draft rate for its jurisdiction: the tax rules' own lines (reverse charge, not
 * collecting, the other jurisdictions stay as they are), that one rate replaced; undefined where the draft does not
 * reach (another place, before its date, no location known).
 */
export function draftTax(
  seller: SellerOfRecord,
  buyer: TaxCustomer,
  behavior: 'inclusive' | 'exclusive',
  taxable: number,
  at: Date,
  change: TaxRateChange,
): number | undefined {
  if (!inEffect(change, at) || taxable === 0) return undefined;
  const calculation = calculateTax(seller, buyer, [{ amount: Math.abs(taxable), taxBehavior: behavior }], at);
  const jurisdiction = draftJurisdiction(change);
  if (!calculation?.lines.some((line) => line.jurisdiction === jurisdiction)) return undefined;
  const draftRate = Math.round(change.percentage * (RATE_SCALE / 100));
  const rates = calculation.lines.map((line) =>
    line.jurisdiction === jurisdiction && (line.reason === 'standard_rated' || line.reason === 'zero_rated')
      ? draftRate
      : line.rate,
  );
  const taxes =
    behavior === 'inclusive' ? inclusiveTax(Math.abs(taxable), rates) : exclusiveTax(Math.abs(taxable), rates);
  const tax = taxes.reduce((sum, t) => sum + t, 0);
  return taxable < 0 ? -tax : tax;
}
