// A discount's changes: its terms fixed once it has been redeemed, never fewer redemptions allowed than taken;
// discount.updated.
import type { DiscountUpdate } from '../../contracts/discount-update';
import { invalidField } from '../../kernel/errors';
import { flushUnique } from '../../platform/database/flush-unique';
import type { Tx } from '../../platform/database/transaction';
import type { Discount } from './discount.entity';
import { codeTaken } from './discount-code';
import type { DiscountDeps } from './discount-deps';
import { emitDiscountChange } from './discount-outputs';
import { checkedProducts } from './discount-products';
import { assertConsistent, fixedAmounts } from './discount-terms';

/** Amount, type and duration are fixed once the discount has been redeemed: customers already hold it. */
export async function updateDiscount(
  deps: DiscountDeps,
  tx: Tx,
  discount: Discount,
  input: DiscountUpdate,
): Promise<Discount> {
  const { organizationId } = discount;
  const changesTerms = ['type', 'amount', 'currency', 'amounts', 'basis_points', 'duration', 'duration_in_months'].some(
    (k) => input[k as keyof DiscountUpdate] != null,
  );
  if (changesTerms && discount.redemptionsCount > 0) {
    throw invalidField(
      ['body'],
      'The amount, type and duration of a redeemed discount cannot change; create a new discount.',
    );
  }
  if (input.name != null) discount.name = input.name;
  if (input.code !== undefined) discount.code = input.code;
  if (input.starts_at !== undefined) discount.startsAt = input.starts_at ? new Date(input.starts_at) : null;
  if (input.ends_at !== undefined) discount.endsAt = input.ends_at ? new Date(input.ends_at) : null;
  if (input.max_redemptions !== undefined) {
    if (input.max_redemptions !== null && input.max_redemptions < discount.redemptionsCount) {
      throw invalidField(['body', 'max_redemptions'], `Already redeemed ${discount.redemptionsCount} times.`);
    }
    discount.maxRedemptions = input.max_redemptions;
  }
  if (input.products != null) discount.productIds = await checkedProducts(deps, tx.em, organizationId, input.products);
  if (input.metadata !== undefined) discount.metadata = input.metadata;
  if (input.type != null && input.type !== discount.type) discount.type = input.type;
  if (input.duration != null) discount.duration = input.duration;
  if (input.duration_in_months != null) discount.durationInMonths = input.duration_in_months;
  if (discount.duration !== 'repeating') discount.durationInMonths = null;
  if (discount.type === 'percentage') {
    if (input.basis_points != null) discount.basisPoints = input.basis_points;
    discount.amounts = null;
  } else {
    if (input.amount != null || input.amounts != null) discount.amounts = fixedAmounts(input);
    discount.basisPoints = null;
  }
  assertConsistent(discount);
  discount.modifiedAt = deps.clock.now();
  await flushUnique(tx.em, codeTaken);
  await emitDiscountChange(deps, tx, discount, 'discount.updated');
  return discount;
}
