// Prorated charges for part of a period: a plan or seat change's credit and charge, a pause's credit.
import type { Discount, PriceSpec } from '../scenario';
import { discountOn } from './discounts';
import { mulDiv, splitByWeights } from './money';
import { prorated, staticAmount, staticParts } from './prices';

export interface Span {
  /** Time left in the period (ms). */
  left: number;
  /** The whole period (ms). */
  length: number;
}

/** The recurring amount after its current discount. */
export function afterDiscount(price: PriceSpec, seats: number, discount: Discount | null): number {
  const amount = staticAmount(price, seats);
  return amount - discountOn(discount, amount);
}

/**
 * The lines of `price` for the time left, after discount, rounded half-up once, then split across its seat tiers by
 * largest remainder (README "Our additions to tiers"); negated for a credit. None for a price not prorated.
 */
export function prorationLines(
  price: PriceSpec,
  seats: number,
  discount: Discount | null,
  span: Span,
  sign: 1 | -1,
): number[] {
  if (!prorated(price, seats)) return [];
  const amount = sign * mulDiv(afterDiscount(price, seats, discount), span.left, span.length);
  const parts = staticParts(price, seats);
  return parts.length > 1 ? splitByWeights(amount, parts) : [amount];
}

/** README "Pause and resume": the period's amount after discount × unused / whole period, rounded half-up. */
export const pauseCredit = (price: PriceSpec, seats: number, discount: Discount | null, span: Span) =>
  -mulDiv(afterDiscount(price, seats, discount), span.left, span.length);
