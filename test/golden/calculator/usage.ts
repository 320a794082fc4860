// Metered lines (README "Tiered prices", "Customer meters and metered charges").
import type { PriceSpec, UsageTier } from '../scenario';
import { rate } from './money';

type Metered = Extract<PriceSpec, { model: 'metered_unit' | 'metered_tiers' }>;

export const isMetered = (price: PriceSpec): price is Metered =>
  price.model === 'metered_unit' || price.model === 'metered_tiers';

/** Graduated: one amount per tier reached (none reached: the first tier at 0); volume: the holding tier's. */
function tierAmounts(tierType: 'volume' | 'graduated', tiers: UsageTier[], quantity: number): number[] {
  if (tierType === 'volume') {
    const tier = tiers.find((t) => t.bound === null || quantity <= t.bound)!;
    return [rate(quantity, tier.unit_amount)];
  }
  const amounts: number[] = [];
  let lower = 0;
  for (const tier of tiers) {
    if (quantity <= lower && amounts.length > 0) break;
    const upper = tier.bound === null ? quantity : Math.min(quantity, tier.bound);
    amounts.push(rate(Math.max(0, upper - lower), tier.unit_amount));
    lower = tier.bound ?? Infinity;
  }
  return amounts;
}

/** The lines a period's usage bills at a metered price: each rounded once, the cap a line of its own for tiers. */
export function usageLines(price: Metered, units: number): number[] {
  if (price.model === 'metered_unit') {
    const amount = rate(units, price.unitAmount);
    return [price.cap === undefined ? amount : Math.min(amount, price.cap)];
  }
  const size = price.package?.size ?? 1;
  const quantity = price.package?.rounding === 'up' ? Math.ceil(units / size) : Math.floor(units / size);
  const amounts = tierAmounts(price.tierType, price.tiers, quantity);
  const sum = amounts.reduce((a, b) => a + b, 0);
  return price.cap !== undefined && sum > price.cap ? [...amounts, price.cap - sum] : amounts;
}
