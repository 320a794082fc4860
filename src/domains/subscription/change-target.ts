// What a product, seat or discount change moves a subscription to: the plan and the discount after it, read, and how
// the subscription's row takes them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { invalidField } from '../../kernel/errors';
import { discountRefusal, type Discount } from '../discount';
import type { CommandDeps } from './command-deps';
import { planChangeTarget, type PlanTarget } from './plan-change.logic';
import { discountOff } from './prorate-plan-change';
import type { Subscription } from './subscription.entity';
import type { SubscriptionCommand } from './subscription.logic';

export type Change = Extract<SubscriptionCommand, { kind: 'change' }>;

/** The plan after the change (`planChangeTarget`), from the product it names and the subscription's current price. */
export async function changeTarget(
  deps: Pick<CommandDeps, 'products'>,
  em: EntityManager,
  s: Subscription,
  command: Change,
): Promise<PlanTarget> {
  const [product] = await deps.products.outputsByIds(em, s.organizationId, [command.productId ?? s.productId]);
  const [currentPrice] = await deps.products.priceOutputs(em, s.organizationId, [s.priceId]);
  return planChangeTarget(s, product, currentPrice, command);
}

/** The discount after the change: kept, removed (`null`), or another one that applies to the new product. */
export async function discountAfter(
  deps: Pick<CommandDeps, 'discounts'>,
  em: EntityManager,
  s: Subscription,
  command: Change,
  productId: string,
  at: Date,
): Promise<Discount | null> {
  const id = command.discountId === undefined ? s.discountId : command.discountId;
  if (!id) return null;
  const [discount] = await deps.discounts.findByIds(em, s.organizationId, [id]);
  if (command.discountId === undefined) return discount ?? null;
  if (!discount || discount.deletedAt)
    throw invalidField(['body', 'discount_id'], 'No such discount in this organization.');
  const refusal = discountRefusal(discount, productId, s.currency, at);
  if (refusal) throw invalidField(['body', 'discount_id'], refusal);
  return discount;
}

/** A new discount counts its duration from the next billed period; sending the current one changes nothing. */
export function keepDiscount(s: Subscription, command: Change, discount: Discount | null): void {
  if (command.discountId === undefined || (discount?.id ?? null) === s.discountId) return;
  Object.assign(s, { discountId: discount?.id ?? null, discountAppliedAt: null });
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
