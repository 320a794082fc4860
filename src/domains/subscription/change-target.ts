// What a product, seat or discount change moves a subscription to: the plan after it, read, and how the subscription's
// row takes it (discount-after-change.ts: the discount).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Discount } from '../discount';
import type { CommandDeps } from './command-deps';
import { planChangeTarget, seatDecreaseRefusal, type PlanTarget } from './plan-change.logic';
import { SeatsInUse } from './subscription.errors';
import { discountOff } from './prorate-plan-change';
import type { Subscription } from './subscription.entity';
import type { SubscriptionCommand } from './subscription.logic';

export type Change = Extract<SubscriptionCommand, { kind: 'change' }>;

/** The plan after the change (`planChangeTarget`), from the product it names and the subscription's current price. */
export async function changeTarget(
  deps: Pick<CommandDeps, 'products' | 'assignedSeats'>,
  em: EntityManager,
  s: Subscription,
  command: Change,
): Promise<PlanTarget> {
  const [product] = await deps.products.outputsByIds(em, s.organizationId, [command.productId ?? s.productId]);
  const [currentPrice] = await deps.products.priceOutputs(em, s.organizationId, [s.priceId]);
  const target = planChangeTarget(s, product, currentPrice, command);
  // Refused, not trimmed: a decrease below the seats assigned (or a move to a price without seats) names how many must
  // be revoked first.
  if (s.seats !== null && (target.seats === null || target.seats < s.seats)) {
    const refusal = seatDecreaseRefusal(target.seats ?? 0, await deps.assignedSeats(em, s.id));
    if (refusal) throw new SeatsInUse(refusal);
  }
  return target;
}

export function switchTo(s: Subscription, target: PlanTarget, discount: Discount | null): void {
  Object.assign(s, {
    ...planOf(target),
    amount: target.priceAmount - discountOff(discount, target.priceAmount, s.currency),
    pendingUpdate: null,
  });
}

/** The plan's fields as the subscription (or its pending update) holds them. */
export const planOf = ({ productId, priceId, priceAmount, seats }: PlanTarget) => ({
  productId,
  priceId,
  priceAmount,
  seats,
});
