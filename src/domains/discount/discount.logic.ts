// Pure rules of what a discount takes off an amount (whether it can be redeemed: discount-refusal.logic.ts; for how
// many periods it lasts: discount-duration.logic.ts). Checkouts and subscriptions apply discounts with these; amounts
// round through kernel/money.
import { percentageOf } from '../../kernel/money';
import type { Discount } from './discount.entity';

/** What a discount takes off: a percentage in basis points, or a fixed amount per currency. */
export interface DiscountRule {
  type: 'percentage' | 'fixed';
  basis_points?: number;
  amounts?: Record<string, number>;
}

/** A fixed discount takes at most the amount, in the checkout's currency only; a percentage rounds half-up. */
export function discountAmount(discount: DiscountRule | null, amount: number, currency: string): number {
  if (!discount) return 0;
  if (discount.type === 'percentage') return percentageOf(amount, discount.basis_points ?? 0);
  return Math.min(discount.amounts?.[currency] ?? 0, amount);
}

/** What a discount takes off, as the amount rules take it. */
export function discountRule(discount: Pick<Discount, 'type' | 'basisPoints' | 'amounts'>): DiscountRule {
  return {
    type: discount.type,
    basis_points: discount.basisPoints ?? undefined,
    amounts: discount.amounts ?? undefined,
  };
}
