// Discounts as the API shows them.
import type { Discount as DiscountOutput, DiscountProduct } from '../../contracts/discount';
import type { Discount } from './discount.entity';

export function discountOutput(discount: Discount, products: DiscountProduct[]): DiscountOutput {
  const base = {
    duration: discount.duration,
    type: discount.type,
    created_at: discount.createdAt.toISOString(),
    modified_at: discount.modifiedAt?.toISOString() ?? null,
    id: discount.id,
    metadata: discount.metadata,
    name: discount.name,
    code: discount.code,
    starts_at: discount.startsAt?.toISOString() ?? null,
    ends_at: discount.endsAt?.toISOString() ?? null,
    max_redemptions: discount.maxRedemptions,
    max_redemptions_per_customer: null,
    redemptions_count: discount.redemptionsCount,
    organization_id: discount.organizationId,
    products,
    ...(discount.durationInMonths != null ? { duration_in_months: discount.durationInMonths } : {}),
  };
  if (discount.type === 'percentage') return { ...base, basis_points: discount.basisPoints ?? 0 };
  const [[currency, amount]] = Object.entries(discount.amounts ?? { usd: 0 });
  return { ...base, amount, currency, amounts: discount.amounts ?? {} };
}
