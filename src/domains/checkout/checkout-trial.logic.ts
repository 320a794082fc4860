// The trial a checkout of a recurring product grants. Pure.
import type { RecurringInterval } from '../../kernel/calendar';

/** The trial a checkout of a recurring product grants: the session's own setting, else the product's; none when the session disallows it. */
export function activeTrial(
  checkout: { allowTrial: boolean; trialInterval: string | null; trialIntervalCount: number | null },
  product: { is_recurring: boolean; trial_interval: RecurringInterval | null; trial_interval_count: number | null },
): { interval: RecurringInterval; count: number } | null {
  if (!product.is_recurring || !checkout.allowTrial) return null;
  const interval = (checkout.trialInterval as RecurringInterval | null) ?? product.trial_interval;
  const count = checkout.trialInterval ? (checkout.trialIntervalCount ?? 1) : (product.trial_interval_count ?? 1);
  return interval ? { interval, count } : null;
}
