// How seats are rated at a seat price's tiers, line by line: each tier's seats at its rate plus its flat fee (volume:
// only the tier holding the count). money.ts's seatsPrice is the sum of these lines.

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
