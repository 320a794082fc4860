// Money is integer minor units (cents). Every amount Bursar derives is computed here, rounding half-up once.

/** Largest amount a price, a discount or a charge may carry (99,999,999 minor units). */
export const MAX_AMOUNT = 99_999_999;

/** Smallest non-zero amount a card processor will charge, in minor units of any currency. */
export const MIN_CHARGEABLE_AMOUNT = 50;

/** A configured price amount is free (0) or chargeable: between the processor's minimum and our maximum. */
export function isValidPriceAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && (amount === 0 || (amount >= MIN_CHARGEABLE_AMOUNT && amount <= MAX_AMOUNT));
}

/** `amount × basisPoints / 10 000`, rounded half-up (10 000 basis points = 100 %). */
export function percentageOf(amount: number, basisPoints: number): number {
  const exact = amount * basisPoints;
  const sign = exact < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(exact) + 5_000) / 10_000);
}

export interface SeatTier {
  min_seats: number;
  max_seats: number | null;
  price_per_seat: number;
}

export type SeatTierType = 'volume' | 'graduated';

/**
 * The price of `seats` seats. Volume: every seat at the rate of the tier holding the count.
 * Graduated: each tier's seats at that tier's rate. Null when the count lies outside the tiers.
 */
export function seatsPrice(tiers: readonly SeatTier[], seats: number, type: SeatTierType): number | null {
  const holding = tiers.find((t) => seats >= t.min_seats && (t.max_seats === null || seats <= t.max_seats));
  if (!holding) return null;
  if (type === 'volume') return holding.price_per_seat * seats;
  return tiers.reduce((total, t) => {
    if (seats < t.min_seats) return total;
    const upper = t.max_seats === null ? seats : Math.min(seats, t.max_seats);
    return total + (upper - t.min_seats + 1) * t.price_per_seat;
  }, 0);
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
