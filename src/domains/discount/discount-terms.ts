// A discount's terms: fixed amounts by currency, and what each type and duration needs to hold together.
import { invalidField } from '../../kernel/errors';
import type { Discount } from './discount.entity';

/** A fixed discount's amounts by currency: `amount` in `currency` (USD by default), and `amounts`. */
export function fixedAmounts(input: {
  amount?: number | null;
  currency?: string | null;
  amounts?: Record<string, number> | null;
}): Record<string, number> {
  const amounts: Record<string, number> = {};
  if (input.amount != null) amounts[input.currency ?? 'usd'] = input.amount;
  return { ...amounts, ...input.amounts };
}

/** Throws the 422 of the first term the discount lacks or gets wrong. */
export function assertConsistent(discount: Discount): void {
  if (discount.duration === 'repeating' && discount.durationInMonths == null) {
    throw invalidField(['body', 'duration_in_months'], 'A repeating discount needs duration_in_months');
  }
  if (discount.type === 'percentage' && discount.basisPoints == null)
    throw invalidField(['body', 'basis_points'], 'A percentage discount needs basis_points');
  if (discount.type === 'fixed' && !Object.keys(discount.amounts ?? {}).length)
    throw invalidField(['body', 'amount'], 'A fixed discount needs an amount');
  if (discount.startsAt && discount.endsAt && discount.endsAt <= discount.startsAt)
    throw invalidField(['body', 'ends_at'], 'ends_at must be after starts_at');
}
