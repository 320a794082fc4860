// The metered usage a plan change leaves behind: billed with the next renewal at the old plan's rates, so the new
// plan neither loses nor re-rates it.
import type { Tx } from '../../platform/database/transaction';
import type { BillingDeps } from './billing-deps';
import { meteredLines } from './metered-line.logic';
import { closeMeteredPeriod } from './metered-usage';
import type { PendingItem, Subscription } from './subscription.entity';

/**
 * A change to another product settles the usage so far of each of the old product's metered prices at its own rates
 * (as pending items billed with the next renewal, like the change's prorations) and resets their meters: the new
 * product's metered prices count from the change, even on the same meter (the reference settles the old product's
 * meter cycle before the switch).
 */
export async function usageLeftBehind(
  deps: BillingDeps,
  tx: Tx,
  s: Subscription,
  newProductId: string,
  cutOff: string | null,
  at: Date,
): Promise<PendingItem[]> {
  if (newProductId === s.productId) return [];
  const usages = await closeMeteredPeriod(deps, tx, s, at, cutOff, at);
  // A usage that costs nothing leaves nothing behind; one that does keeps its lines that count (a cap's line included).
  return usages
    .map((usage) => meteredLines(usage, s.currency))
    .filter((lines) => lines.reduce((sum, line) => sum + line.amount, 0) > 0)
    .flatMap((lines) =>
      lines.flatMap(({ label, amount, priceId }) =>
        amount !== 0 ? [{ label, amount, priceId, proration: false }] : [],
      ),
    );
}
