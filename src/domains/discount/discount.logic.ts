// Pure rules of discounts: what one takes off an amount, whether it can be redeemed, and for how many periods it lasts.
// Checkouts and subscriptions apply discounts with these; amounts round through kernel/money.
import { addMonths } from '../../kernel/calendar';
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

export interface DiscountTerms {
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  redemptionsCount: number;
  productIds: readonly string[];
  type: 'percentage' | 'fixed';
  amounts: Record<string, number> | null;
}

/** Why a discount cannot apply to this product and currency now, or null when it can. */
export function discountRefusal(
  discount: DiscountTerms,
  productId: string,
  currency: string,
  now: Date,
): string | null {
  if (discount.startsAt && now < discount.startsAt) return 'This discount is not redeemable yet.';
  if (discount.endsAt && now >= discount.endsAt) return 'This discount has ended.';
  if (discount.maxRedemptions !== null && discount.redemptionsCount >= discount.maxRedemptions)
    return 'This discount has been fully redeemed.';
  if (discount.productIds.length && !discount.productIds.includes(productId))
    return 'This discount does not apply to this product.';
  if (discount.type === 'fixed' && !(currency in (discount.amounts ?? {})))
    return `This discount has no amount in ${currency.toUpperCase()}.`;
  return null;
}

/** Whether a discount still applies to a billing period starting at `periodStart`, given when it first applied (`appliedAt`):
 *  once → only while periodStart <= appliedAt; forever → always; repeating (durationInMonths N) → while periodStart <= appliedAt + (N − 1) calendar months. */
export function discountApplies(
  discount: { duration: 'once' | 'forever' | 'repeating'; durationInMonths: number | null },
  appliedAt: Date,
  periodStart: Date,
): boolean {
  switch (discount.duration) {
    case 'forever':
      return true;
    case 'once':
      return periodStart.getTime() <= appliedAt.getTime();
    case 'repeating': {
      // A repeating discount without a (positive) month count is invalid data; it gets the period it applied to, like once.
      const months = Math.max(discount.durationInMonths ?? 1, 1);
      return periodStart.getTime() <= addMonths(appliedAt, months - 1).getTime();
    }
  }
}
