// The lines of the final usage order of a subscription that ends at period end: its last period's metered usage.
import { discountAmount, type DiscountRule } from '../discount/discount.logic';
import { meteredLines, type MeteredUsage } from './metered-line.logic';
import type { RenewalLine } from './order-line.logic';

/**
 * The last period's usage of a subscription that ends at period end: its metered lines, discounted as renewals are.
 * Null when there is nothing to charge (no usage beyond the credits), so no order is written.
 */
export function finalUsageLines(
  metered: readonly MeteredUsage[],
  discount: DiscountRule | null,
  currency: string,
): { lines: RenewalLine[]; discountAmount: number } | null {
  const lines = metered.flatMap((usage) => meteredLines(usage, currency));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  if (subtotal === 0) return null;
  return { lines, discountAmount: discountAmount(discount, subtotal, currency) };
}
