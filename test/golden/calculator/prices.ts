// A price's recurring (static) charge: what a checkout takes up front and a renewal bills in advance.
import type { PriceSpec } from '../scenario';
import { seatParts } from './seats';

/** The static charge's parts: one per seat tier reached (README "Our additions to tiers"), else one. */
export function staticParts(price: PriceSpec, seats: number): number[] {
  switch (price.model) {
    case 'fixed':
      return [price.amount];
    case 'free':
      return [0];
    case 'custom':
      return [price.amount];
    case 'seat_based':
      return seatParts(price.tierType, price.tiers, seats);
    default:
      return [price.base];
  }
}

export const staticAmount = (price: PriceSpec, seats: number) => staticParts(price, seats).reduce((a, b) => a + b, 0);

/** lifecycle-semantics §3.7: only fixed and seat prices with a non-zero amount are prorated (not custom, free). */
export const prorated = (price: PriceSpec, seats: number) =>
  price.model !== 'custom' && staticAmount(price, seats) !== 0;
