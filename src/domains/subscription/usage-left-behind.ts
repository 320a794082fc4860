// The metered usage a plan change leaves behind: billed with the next renewal, so the new plan neither loses nor bills
// it.
import type { Tx } from '../../platform/database/transaction';
import type { BillingDeps } from './billing-deps';
import { meteredLines, meteredPricesIn } from './metered-line.logic';
import { closeMeteredPeriod } from './metered-usage';
import type { PendingItem, Subscription } from './subscription.entity';

/**
 * A plan change that drops metered prices: their usage so far is billed with the next renewal (as pending items,
 * like the change's prorations) and their meters reset, so the new plan neither loses nor bills it.
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
  const [next] = await deps.products.outputsByIds(tx.em, s.organizationId, [newProductId]);
  const kept = new Set(meteredPricesIn(next?.prices ?? [], s.currency).map((p) => p.meter_id));
  const usages = await closeMeteredPeriod(deps, tx, s, at, cutOff, at, (price) => !kept.has(price.meter_id));
  // A usage that costs nothing leaves nothing behind; one that does keeps its lines that count (a cap's line included).
  return usages
    .map((usage) => meteredLines(usage, s.currency))
    .filter((lines) => lines.reduce((sum, line) => sum + line.amount, 0) > 0)
    .flatMap((lines) =>
      lines.flatMap(({ label, amount, priceId }) => (amount !== 0 ? [{ label, amount, priceId }] : [])),
    );
}
