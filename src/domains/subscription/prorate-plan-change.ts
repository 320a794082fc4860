// How a plan change mid-period is prorated (`prorate` or `invoice`): the unused time of the current plan is credited
// and the rest of the period on the new one charged, both after their discounts, by `changeProration` (kernel/money).
import type { EntityManager } from '@mikro-orm/postgresql';
import { changeProration } from '../../kernel/money';
import type { ProductService } from '../catalog';
import { discountAmount, discountRule, type Discount, type DiscountService } from '../discount';
import type { PendingItem, Subscription } from './subscription.entity';
import type { PlanTarget } from './plan-change.logic';
import { periodLabel } from './renewal-lines.logic';

/** The credit and charge lines of moving `s` to `target` at `at` (a line of 0 left out). */
export async function prorationLines(
  deps: { products: Pick<ProductService, 'findByIds'>; discounts: Pick<DiscountService, 'findByIds'> },
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
  return [
    { label: `Remaining time on ${current.name}${seatsLabel(s.seats)} — ${rest}`, amount: credit, priceId: s.priceId },
    { label: `${target.name}${seatsLabel(target.seats)} — ${rest}`, amount: debit, priceId: target.priceId },
  ].filter((line) => line.amount !== 0);
}

/** What the discount, if any, takes off `amount`. */
export const discountOff = (discount: Discount | null, amount: number, currency: string) =>
  discountAmount(discount && discountRule(discount), amount, currency);

const seatsLabel = (seats: number | null) => (seats === null ? '' : ` (${seats} seat${seats === 1 ? '' : 's'})`);
