// How seats are rated at a seat price's tiers, line by line: each tier's seats at its rate plus its flat fee (volume:
// only the tier holding the count). money.ts's seatsPrice is the sum of these lines. A prorated amount is split
// across the same lines by largest remainder (`splitByWeights`).

export interface SeatTier {
  min_seats: number;
  max_seats: number | null;
  price_per_seat: number;
  /** A fee charged once when the count reaches the tier (our addition; absent means none). */
  flat_amount?: number;
}

export type SeatTierType = 'volume' | 'graduated';

/** One tier's part of a seat price: `seats` at `price_per_seat` each plus the tier's flat fee. */
export interface SeatTierLine {
  tier: number;
  seats: number;
  price_per_seat: number;
  flat_amount: number;
  amount: number;
}

/**
 * The lines of `seats` seats. Volume: every seat at the rate of the tier holding the count, plus that tier's flat fee.
 * Graduated: each tier reached bills its own seats at its rate plus its flat fee. Null when the count lies outside
 * the tiers. "Base + per additional seat" is a graduated price whose first tier has a flat fee and a 0 rate.
 */
export function seatTierLines(tiers: readonly SeatTier[], seats: number, type: SeatTierType): SeatTierLine[] | null {
  const holding = tiers.findIndex((t) => seats >= t.min_seats && (t.max_seats === null || seats <= t.max_seats));
  if (holding < 0) return null;
  const line = (i: number, count: number): SeatTierLine => {
    const t = tiers[i];
    const flat = t.flat_amount ?? 0;
    return {
      tier: i + 1,
      seats: count,
      price_per_seat: t.price_per_seat,
      flat_amount: flat,
      amount: count * t.price_per_seat + flat,
    };
  };
  if (type === 'volume') return [line(holding, seats)];
  return tiers.slice(0, holding + 1).map((t, i) => line(i, Math.min(seats, t.max_seats ?? seats) - t.min_seats + 1));
}

/**
 * The lines of a seat price that are shown one by one (more than one tier reached, or a tier's flat fee), as long as
 * they add up to `priceAmount` (the amount the subscription bills, not 0); null when it shows as one line.
 */
export function seatTierParts(
  tiers: readonly SeatTier[],
  seats: number,
  type: SeatTierType,
  priceAmount: number,
): SeatTierLine[] | null {
  const parts = seatTierLines(tiers, seats, type);
  const shown =
    parts &&
    priceAmount > 0 &&
    (parts.length > 1 || parts.some((p) => p.flat_amount > 0)) &&
    parts.reduce((sum, p) => sum + p.amount, 0) === priceAmount;
  return shown ? parts : null;
}

/**
 * `total` (minor units, either sign) split across `weights` (non-negative, their sum positive) in proportion, by
 * largest remainder: each part is its exact share cut toward 0, then the units left over go one each to the parts
 * with the largest remainders (the earlier first on a tie). The parts add up to `total` exactly; a weight of 0 gets 0.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (whole === 0n) throw new RangeError('splitByWeights needs weights with a positive sum');
  const magnitude = BigInt(Math.abs(total));
  const shares = weights.map((w, i) => ({
    i,
    part: (magnitude * BigInt(w)) / whole,
    rest: (magnitude * BigInt(w)) % whole,
  }));
  let left = magnitude - shares.reduce((sum, s) => sum + s.part, 0n);
  for (const s of [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))) {
    if (left === 0n) break;
    s.part += 1n;
    left -= 1n;
  }
  return shares.map((s) => (total < 0 ? -Number(s.part) : Number(s.part)));
}
