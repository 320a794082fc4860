// How metered usage becomes billable: each metered price's usage over a period, read up to the ingestion cut-off taken
// before the billing transaction (metered-cut-off.ts), its meters reset for the next.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import { byId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import type { BillingDeps } from './billing-deps';
import type { Subscription } from './subscription.entity';
import { meteredPricesIn, usageOf, type MeteredUsage } from './metered-line.logic';

/**
 * The usage of each metered price of the subscription's product (in its currency) over the period ending at `end`,
 * each customer meter reset for the next period.
 */
export async function closeMeteredPeriod(
  deps: BillingDeps,
  tx: Tx,
  s: Subscription,
  end: Date,
  cutOff: string | null,
  at: Date,
  /** The subscription's product as the API shows it, when the caller read it already (null: there is none). */
  product?: ProductOutput | null,
): Promise<MeteredUsage[]> {
  const live = product !== undefined ? meteredPricesIn(product?.prices ?? [], s.currency) : null;
  const prices = live ?? (await meteredPrices(deps, tx.em, s));
  if (!prices.length) return [];
  // A metered price added since the cut-off was (not) taken: the retried step takes one.
  if (cutOff === null)
    throw new Error(`Subscription ${s.id}: its product gained a metered price while it renewed; retrying.`);
  const meters = byId(
    await deps.meters.findByIds(
      tx.em,
      s.organizationId,
      prices.map((p) => p.meter_id),
    ),
  );
  const [customer] = await deps.customers.outputs(tx.em, s.organizationId, [s.customerId]);
  const scope = { customerId: s.customerId, externalCustomerId: customer?.external_id ?? null };
  const usages: MeteredUsage[] = [];
  for (const price of prices) {
    const meter = meters.get(price.meter_id);
    if (!meter) continue;
    const { consumed, credited } = await deps.customerMeters.closePeriod(tx, {
      organizationId: s.organizationId,
      customer: scope,
      meter: { id: meter.id, filter: meter.filter, aggregation: meter.aggregation },
      from: s.startedAt ?? s.createdAt,
      periodStart: s.currentPeriodStart,
      end,
      seq: cutOff,
      at,
    });
    usages.push(usageOf(price, meter.name, { consumed, credited }));
  }
  return usages;
}

/** The live metered prices of the subscription's product in its currency. */
export async function meteredPrices(deps: BillingDeps, em: EntityManager, s: Subscription) {
  const [product] = await deps.products.outputsByIds(em, s.organizationId, [s.productId]);
  return meteredPricesIn(product?.prices ?? [], s.currency);
}
