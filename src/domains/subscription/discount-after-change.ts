// The discount a product, seat or discount change leaves a subscription with: kept, removed or another one, checked
// against the new product, and how the subscription's row takes it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { invalidField } from '../../kernel/errors';
import { discountRefusal, type Discount } from '../discount';
import type { Change } from './change-target';
import type { CommandDeps } from './command-deps';
import type { Subscription } from './subscription.entity';

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
