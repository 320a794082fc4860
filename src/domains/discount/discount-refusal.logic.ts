// Pure rule of whether a discount can be redeemed: its dates, its redemptions left, its products and currencies.
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
