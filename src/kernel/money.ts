// Money is integer minor units (cents). The arithmetic every amount goes through — percentages, proration, tax
// carved out or added, seat tiers — is here, rounding half-up once; domains' *.logic.ts apply it to their rules.
import { currencyDecimals, minPriceAmount } from './currency';
import { seatTierLines, type SeatTier, type SeatTierType } from './seat-tiers';

/** Largest amount a price, a discount or a charge may carry (99,999,999 minor units). */
export const MAX_AMOUNT = 99_999_999;

/** A price amount in `currency` is free (0) or chargeable: between the currency's minimum and our maximum. */
export function isValidPriceAmount(amount: number, currency: string): boolean {
  return Number.isSafeInteger(amount) && (amount === 0 || (amount >= minPriceAmount(currency) && amount <= MAX_AMOUNT));
}

/** `amount × basisPoints / 10 000`, rounded half-up (10 000 basis points = 100 %). */
export function percentageOf(amount: number, basisPoints: number): number {
  const exact = amount * basisPoints;
  const sign = exact < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(exact) + 5_000) / 10_000);
}

export interface Totals {
  amount: number;
  discount_amount: number;
  net_amount: number;
  tax_amount: number | null;
  total_amount: number;
}

/**
 * `net = amount − discount` and `total = net + tax` for exclusive tax; for inclusive tax the tax is carved out of
 * `amount − discount`, which is then the total. `tax` is null while the location is not known well enough.
 */
export function totals(amount: number, discount: number, tax: { amount: number; inclusive: boolean } | null): Totals {
  const afterDiscount = amount - discount;
  if (!tax)
    return {
      amount,
      discount_amount: discount,
      net_amount: afterDiscount,
      tax_amount: null,
      total_amount: afterDiscount,
    };
  const net = tax.inclusive ? afterDiscount - tax.amount : afterDiscount;
  return { amount, discount_amount: discount, net_amount: net, tax_amount: tax.amount, total_amount: net + tax.amount };
}

export type { SeatTier, SeatTierType } from './seat-tiers';

/** The price of `seats` seats: the sum of their tier lines (seat-tiers.ts). Null when the count lies outside the tiers. */
export function seatsPrice(tiers: readonly SeatTier[], seats: number, type: SeatTierType): number | null {
  return seatTierLines(tiers, seats, type)?.reduce((total, line) => total + line.amount, 0) ?? null;
}

/** What one of `seats` seats costs on average (to the cent, half up); null when the count lies outside the tiers. */
export function pricePerSeat(tiers: readonly SeatTier[], seats: number, type: SeatTierType): number | null {
  const total = seatsPrice(tiers, seats, type);
  return total === null || seats < 1 ? null : Math.round(total / seats);
}

export interface SeatTiers {
  tiers: readonly SeatTier[];
  seat_tier_type: SeatTierType;
  minimum_seats: number;
  maximum_seats: number | null;
}

/** What `seats` seats cost at these tiers, or why they cannot be bought: outside the tiers, or dearer than one charge may be. */
export function seatsPurchase(price: SeatTiers, seats: number): { amount: number } | { issue: string } {
  const amount = seatsPrice(price.tiers, seats, price.seat_tier_type);
  if (amount === null || seats < price.minimum_seats || (price.maximum_seats !== null && seats > price.maximum_seats)) {
    return { issue: `Seats must be between ${price.minimum_seats} and ${price.maximum_seats ?? 'any number'}` };
  }
  return amount > MAX_AMOUNT
    ? { issue: `So many seats cost more than ${MAX_AMOUNT}, the most one charge may carry` }
    : { amount };
}

const DECIMAL = /^(\d{1,8})(?:\.(\d{1,12}))?$/;

/**
 * A per-unit price in cents with up to 12 decimals (metered prices), normalised to its shortest string:
 * `"0.50"` → `"0.5"`, `12` → `"12"`. Null when it is not a positive decimal within MAX_AMOUNT.
 */
export function normalizeUnitAmount(value: number | string): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? numberToPlain(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const whole = match[1].replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (Number(whole) > MAX_AMOUNT || (/^0*$/.test(whole) && fraction === '')) return null;
  return fraction ? `${whole}.${fraction}` : whole;
}

function numberToPlain(value: number): string {
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 12 });
}

/** Tax rates are integer millionths (0.09975 → 99 750) so no amount ever goes through a binary fraction. */
export const RATE_SCALE = 1_000_000;

/** `numerator / denominator` of non-negative integers, rounded half-up. */
export function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Tax on top of a tax-exclusive amount, per rate, each rounded half-up. */
export function exclusiveTax(amount: number, rates: readonly number[]): number[] {
  return rates.map((rate) => divideHalfUp(amount * rate, RATE_SCALE));
}

/**
 * Tax carved out of a tax-inclusive amount: the net is `amount / (1 + Σrates)` rounded half-up, and the tax is split
 * across the rates, the last one taking the rounding remainder so that net + taxes = amount exactly.
 */
export function inclusiveTax(amount: number, rates: readonly number[]): number[] {
  const total = rates.reduce((sum, rate) => sum + rate, 0);
  const net = divideHalfUp(amount * RATE_SCALE, RATE_SCALE + total);
  const taxes = rates.map((rate) => divideHalfUp(net * rate, RATE_SCALE));
  if (taxes.length) taxes[taxes.length - 1] = amount - net - taxes.slice(0, -1).reduce((sum, t) => sum + t, 0);
  return taxes;
}

/** The share of `total` that `part` of `whole` stands for (a partial refund's tax, a prorated charge's tax), half-up. */
export function proportionalAmount(total: number, part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  if (part >= whole) return total;
  return divideHalfUp(total * part, whole);
}

/** `amount × part / whole`, rounded half-up (half away from zero for negative amounts), exact for any amount and duration (BigInt): a prorated charge or credit for `part` ms of a `whole` ms period. 0 when part <= 0; amount when part >= whole. */
export function proratedAmount(amount: number, part: number, whole: number): number {
  if (part <= 0) return 0;
  if (part >= whole) return amount;
  const exact = BigInt(amount) * BigInt(part);
  const magnitude = exact < 0n ? -exact : exact;
  const rounded = (2n * magnitude + BigInt(whole)) / (2n * BigInt(whole));
  return Number(exact < 0n ? -rounded : rounded);
}

/** A plan or seat change at `at` inside the period [start, end): the credit for the unused time of the old amount (negative or 0) and the charge for the rest of the period at the new amount. Amounts are after discount. */
export function changeProration(
  oldAmount: number,
  newAmount: number,
  period: { start: Date; end: Date },
  at: Date,
): { credit: number; debit: number } {
  const unused = period.end.getTime() - at.getTime();
  const whole = period.end.getTime() - period.start.getTime();
  return { credit: 0 - proratedAmount(oldAmount, unused, whole), debit: proratedAmount(newAmount, unused, whole) };
}

/** An amount in minor units as printed on documents: `formatAmount(123456, 'eur')` → "EUR 1,234.56", `(-500, 'jpy')` → "JPY -500", `(1500, 'kwd')` → "KWD 1.500". */
export function formatAmount(amount: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const magnitude = Math.abs(amount);
  const scale = 10 ** decimals;
  const units = String(Math.floor(magnitude / scale)).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = decimals ? `.${String(magnitude % scale).padStart(decimals, '0')}` : '';
  return `${currency.toUpperCase()} ${amount < 0 ? '-' : ''}${units}${fraction}`;
}

/** A rate in millionths as a percentage, without trailing zeros: 200 000 → "20%", 99 750 → "9.975%", 0 → "0%". */
export function formatRate(rate: number): string {
  const perPercent = RATE_SCALE / 100;
  const fraction = String(rate % perPercent)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${Math.floor(rate / perPercent)}${fraction ? `.${fraction}` : ''}%`;
}

/** A decimal string as an integer of its digits and a scale: "-1.25" → { digits: -125n, scale: 2 }. */
export function parseDecimal(value: string): { digits: bigint; scale: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const fraction = match[3] ?? '';
  const digits = BigInt(match[2] + fraction);
  return { digits: match[1] ? -digits : digits, scale: fraction.length };
}

export function formatDecimal(digits: bigint, scale: number): string {
  const negative = digits < 0n;
  const text = (negative ? -digits : digits).toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Units consumed beyond the credited ones, never below 0, exact: `billableUnits("10.5", 3)` → "7.5". */
export function billableUnits(consumed: string, credited: number): string {
  const { digits, scale } = parseDecimal(consumed);
  const rest = digits - BigInt(credited) * 10n ** BigInt(scale);
  return rest > 0n ? formatDecimal(rest, scale) : '0';
}

/**
 * What `units` cost at `unitAmount` cents each (both decimal strings, units non-negative), rounded once, half-up, to
 * whole minor units: `unitsAmount("3", "0.5")` → 2 (1.5 rounds up), `unitsAmount("7", "0.123")` → 1 (0.861).
 */
export function unitsAmount(units: string, unitAmount: string): number {
  const u = parseDecimal(units);
  const p = parseDecimal(unitAmount);
  if (u.digits < 0n || p.digits < 0n) throw new Error('Units and unit amounts are not negative');
  const scale = 10n ** BigInt(u.scale + p.scale);
  const rounded = (2n * u.digits * p.digits + scale) / (2n * scale);
  return rounded > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(rounded);
}

/** A per-unit price in minor units as printed on a line: `formatUnitAmount("0.5", "usd")` → "USD 0.005". */
export function formatUnitAmount(unitAmount: string, currency: string): string {
  const { digits, scale } = parseDecimal(unitAmount);
  return `${currency.toUpperCase()} ${formatDecimal(digits, scale + currencyDecimals(currency))}`;
}

/** Months per recurring interval, as a fraction: a year is 12, a week 12/52 and a day 12/365 of a month. */
const MONTHS: Record<'day' | 'week' | 'month' | 'year', [number, number]> = {
  day: [12, 365],
  week: [12, 52],
  month: [1, 1],
  year: [12, 1],
};

/** A recurring amount per `count` intervals as a monthly amount (MRR), rounded half-up: 12,000 a year is 1,000. */
export function monthlyAmount(amount: number, interval: 'day' | 'week' | 'month' | 'year', count: number): number {
  const [months, per] = MONTHS[interval];
  return divideHalfUp(amount * per, months * count);
}
