// What a discount takes off, and for which periods it lasts.
import type { Discount } from '../scenario';
import { mulDiv } from './money';
import { plusMonths } from './periods';

/** Fixed: capped at the amount; percentage: basis points of it, rounded half-up (lifecycle-semantics §1.6). */
export function discountOn(discount: Discount | null, amount: number): number {
  if (!discount || amount <= 0) return 0;
  if (discount.type === 'fixed') return Math.min(discount.amount ?? 0, amount);
  return mulDiv(amount, discount.basisPoints ?? 0, 10_000);
}

/**
 * Whether a discount first applied at `appliedAt` still applies to a period starting at `periodStart`
 * (lifecycle-semantics §3.9: `once` the first billed period only, `repeating` while the start is at most
 * months − 1 calendar months after the first application).
 */
export function lastsInto(discount: Discount, appliedAt: number, periodStart: number): boolean {
  if (discount.duration === 'forever') return true;
  if (discount.duration === 'once') return periodStart <= appliedAt;
  return periodStart <= plusMonths(appliedAt, (discount.months ?? 1) - 1);
}
