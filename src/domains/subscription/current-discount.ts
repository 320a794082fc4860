// The discount of a subscription's new period: its first use recorded, one that has run out dropped.
import type { EntityManager } from '@mikro-orm/postgresql';
import { discountApplies, discountRule, type Discount, type DiscountRule } from '../discount';
import type { BillingDeps } from './billing-deps';
import type { Subscription } from './subscription.entity';

/** The discount that applies to a period starting at `start` (first use recorded), dropping one that has run out. */
export async function currentDiscount(
  deps: Pick<BillingDeps, 'discounts'>,
  em: EntityManager,
  s: Subscription,
  start: Date,
): Promise<DiscountRule | null> {
  if (!s.discountId) return null;
  const [discount] = await deps.discounts.findByIds(em, s.organizationId, [s.discountId]);
  return discountForPeriod(s, discount ?? null, start);
}

/** `discount` (the subscription's, as read) for the period starting at `start`: its first use recorded, or dropped. */
export function discountForPeriod(s: Subscription, discount: Discount | null, start: Date): DiscountRule | null {
  s.discountAppliedAt ??= start;
  if (!discount || !discountApplies(discount, s.discountAppliedAt, start)) {
    Object.assign(s, { discountId: null, discountAppliedAt: null });
    return null;
  }
  return discountRule(discount);
}
