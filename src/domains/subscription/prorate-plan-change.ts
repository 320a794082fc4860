// How a plan change mid-period is prorated (`prorate` or `invoice`): the unused time of the current plan is credited
// and the rest of the period on the new one charged, both after their discounts, by `changeProration` (kernel/money).
// A seat price rated in several parts (tiers, flat fees) shows each amount as one line per tier, split by
// `splitByWeights` (largest remainder) so that the lines add up to the one prorated amount.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import { changeProration } from '../../kernel/money';
import { seatTierParts, splitByWeights } from '../../kernel/seat-tiers';
import type { ProductService } from '../catalog';
import { discountAmount, discountRule, type Discount, type DiscountService } from '../discount';
import type { PendingItem, Subscription } from './subscription.entity';
import type { PlanTarget } from './plan-change.logic';
import { periodLabel, seatTierLabel } from './renewal-lines.logic';

/** The credit and charge lines of moving `s` to `target` at `at` (a line of 0 left out). */
export async function prorationLines(
  deps: {
    products: Pick<ProductService, 'findByIds' | 'outputsByIds'>;
    discounts: Pick<DiscountService, 'findByIds'>;
  },
  em: EntityManager,
  s: Subscription,
  target: PlanTarget,
  discount: Discount | null,
  at: Date,
): Promise<PendingItem[]> {
  const [current] = await deps.products.findByIds(em, s.organizationId, [s.productId]);
  const [currentDiscount] = s.discountId ? await deps.discounts.findByIds(em, s.organizationId, [s.discountId]) : [];
  const before = s.priceAmount - discountOff(currentDiscount ?? null, s.priceAmount, s.currency);
  const after = target.priceAmount - discountOff(discount, target.priceAmount, s.currency);
  const { credit, debit } = changeProration(
    before,
    after,
    { start: s.currentPeriodStart, end: s.currentPeriodEnd },
    at,
  );
  const rest = periodLabel(at, s.currentPeriodEnd);
  const prices = (
    await deps.products.outputsByIds(em, s.organizationId, [...new Set([s.productId, target.productId])])
  ).flatMap((p) => p.prices);
  const perTier = (
    label: string,
    amount: number,
    plan: { priceId: string; priceAmount: number; seats: number | null },
  ) => {
    const price = prices.find((p) => p.id === plan.priceId);
    const { parts, tiers } = seatPartsOf(price, plan.seats, plan.priceAmount) ?? {};
    if (!parts || !tiers) return [{ label, amount, priceId: plan.priceId }];
    const amounts = splitByWeights(
      amount,
      parts.map((p) => p.amount),
    );
    return parts.map((part, i) => ({
      label: `${label}, ${seatTierLabel(tiers, part, s.currency)}`,
      amount: amounts[i],
      priceId: plan.priceId,
    }));
  };
  return [
    ...perTier(`Remaining time on ${current.name}${seatsLabel(s.seats)} — ${rest}`, credit, s),
    ...perTier(`${target.name}${seatsLabel(target.seats)} — ${rest}`, debit, target),
  ].filter((line) => line.amount !== 0);
}

/** The tier lines of `seats` at a seat price shown in several parts, with its tiers; null otherwise. */
function seatPartsOf(price: PriceOutput | undefined, seats: number | null, priceAmount: number) {
  if (price?.amount_type !== 'seat_based' || !seats) return null;
  const { tiers, seat_tier_type: type } = price.seat_tiers;
  const parts = seatTierParts(tiers, seats, type, priceAmount);
  return parts && { parts, tiers };
}

/** What the discount, if any, takes off `amount`. */
export const discountOff = (discount: Discount | null, amount: number, currency: string) =>
  discountAmount(discount && discountRule(discount), amount, currency);

const seatsLabel = (seats: number | null) => (seats === null ? '' : ` (${seats} seat${seats === 1 ? '' : 's'})`);
