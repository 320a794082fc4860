// Seat tiers (README "Our additions to tiers"): a fee when the count reaches a tier, volume rates every seat at the
// holding tier, graduated each tier's seats at its own rate.
import type { SeatTier } from '../scenario';

/** The amount of each part (one per tier reached; volume: the holding tier only). */
export function seatParts(tierType: 'volume' | 'graduated', tiers: SeatTier[], seats: number): number[] {
  if (tierType === 'volume') {
    const tier = tiers.find((t) => t.max_seats === null || seats <= t.max_seats) ?? tiers.at(-1)!;
    return [seats * tier.price_per_seat + (tier.flat_amount ?? 0)];
  }
  return tiers
    .filter((t) => seats >= t.min_seats)
    .map((t) => {
      const inTier = Math.min(seats, t.max_seats ?? Infinity) - t.min_seats + 1;
      return inTier * t.price_per_seat + (t.flat_amount ?? 0);
    });
}
