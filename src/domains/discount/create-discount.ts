// A new discount: its products checked, its code unique in the organization; discount.created.
import type { DiscountCreate } from '../../contracts/discount-create';
import { newId } from '../../kernel/ids';
import { flushUnique } from '../../platform/database/flush-unique';
import type { Tx } from '../../platform/database/transaction';
import { Discount } from './discount.entity';
import { codeTaken } from './discount-code';
import type { DiscountDeps } from './discount-deps';
import { emitDiscountChange } from './discount-outputs';
import { checkedProducts } from './discount-products';
import { fixedAmounts } from './discount-terms';

export async function createDiscount(
  deps: DiscountDeps,
  tx: Tx,
  organizationId: string,
  input: DiscountCreate,
): Promise<Discount> {
  const productIds = await checkedProducts(deps, tx.em, organizationId, input.products ?? []);
  const discount = tx.em.create(Discount, {
    id: newId(),
    organizationId,
    name: input.name,
    type: input.type,
    duration: input.duration,
    durationInMonths: input.duration === 'repeating' ? (input.duration_in_months ?? null) : null,
    basisPoints: input.type === 'percentage' ? input.basis_points : null,
    amounts: input.type === 'fixed' ? fixedAmounts(input) : null,
    code: input.code ?? null,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    maxRedemptions: input.max_redemptions ?? null,
    redemptionsCount: 0,
    productIds,
    metadata: input.metadata,
    deletedAt: null,
    createdAt: deps.clock.now(),
    modifiedAt: null,
  });
  await flushUnique(tx.em, codeTaken);
  await emitDiscountChange(deps, tx, discount, 'discount.created');
  return discount;
}
