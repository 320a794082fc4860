// A subscription's meters (the reference's SubscriptionMeter): for each metered price of its product in its currency,
// the units consumed this period (live, since the customer's meter was last reset), those credited, and what they
// would cost if the period ended now.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import type { SubscriptionMeter } from '../../contracts/subscription-meter';
import { byId } from '../../kernel/ids';
import type { ProductService } from '../catalog';
import { meterOutput, type CustomerMeterQueries, type MeterService } from '../meter';
import type { Subscription } from './subscription.entity';
import { subscriptionMeterId } from './subscription-meter-id';
import { meteredAmount, meteredPricesIn, usageOf } from './metered-line.logic';

export interface SubscriptionMeterDeps {
  products: Pick<ProductService, 'outputsByIds'>;
  meters: Pick<MeterService, 'findByIds'>;
  standings: Pick<CustomerMeterQueries, 'standingsOf'>;
}

export class SubscriptionMeterReader {
  constructor(private readonly deps: SubscriptionMeterDeps) {}

  /**
   * The meters of each subscription (of one organization), by subscription id; none for products without metered prices.
   * `loaded`: products already rendered, by id.
   */
  async metersOf(
    em: EntityManager,
    subscriptions: readonly Subscription[],
    loaded: ReadonlyMap<string, ProductOutput> = new Map(),
  ): Promise<Map<string, SubscriptionMeter[]>> {
    const result = new Map<string, SubscriptionMeter[]>();
    if (!subscriptions.length) return result;
    const { organizationId } = subscriptions[0];
    // Products the caller already rendered (a list page) are not read again.
    const missing = [...new Set(subscriptions.map((s) => s.productId))].filter((id) => !loaded.has(id));
    const products = new Map([...loaded, ...byId(await this.deps.products.outputsByIds(em, organizationId, missing))]);
    const pricesOf = (s: Subscription) => meteredPricesIn(products.get(s.productId)?.prices ?? [], s.currency);
    const meters = byId(
      await this.deps.meters.findByIds(em, organizationId, [
        ...new Set(subscriptions.flatMap((s) => pricesOf(s).map((p) => p.meter_id))),
      ]),
    );
    // Every subscription's meters with their customer's standing, the standings read in one go.
    const metered = subscriptions.flatMap((s) =>
      pricesOf(s).flatMap((price) => {
        const meter = meters.get(price.meter_id);
        return meter ? [{ s, price, meter }] : [];
      }),
    );
    const standings = await this.deps.standings.standingsOf(
      em,
      organizationId,
      metered.map(({ s, meter }) => ({
        customerId: s.customerId,
        meterId: meter.id,
        from: s.startedAt ?? s.createdAt,
      })),
    );
    for (const s of subscriptions) {
      const items: SubscriptionMeter[] = [];
      for (const [i, { price, meter }] of metered.entries()) {
        if (metered[i].s !== s) continue;
        const standing = standings[i];
        const consumed = standing?.units ?? '0';
        const credited = standing?.credited ?? 0;
        const usage = usageOf(price, meter.name, { consumed, credited });
        items.push({
          created_at: s.createdAt.toISOString(),
          modified_at: standing?.row.modified_at ? new Date(standing.row.modified_at).toISOString() : null,
          id: subscriptionMeterId(s.id, meter.id),
          consumed_units: Number(consumed),
          credited_units: credited,
          amount: meteredAmount(usage, s.currency),
          meter_id: meter.id,
          meter: meterOutput(meter),
        });
      }
      result.set(s.id, items);
    }
    return result;
  }
}
