// Subscriptions as the API shows them: the shape orders embed, with the customer, product, prices, discount, meters and
// pending update.
import { readTogether } from '../../platform/database/detached-reads';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import { byId, distinctIds, knownOrRead } from '../../kernel/ids';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import { orderSubscriptionOutput } from './order-subscription.output';
import type { Subscription } from './subscription.entity';
import type { SubscriptionMeterReader } from './subscription-meter';
import { meteredPricesIn } from './metered-line.logic';

export interface SubscriptionOutputDeps {
  customers: CustomerService;
  products: ProductService;
  discounts: DiscountService;
  meterReader: Pick<SubscriptionMeterReader, 'metersOf'>;
}

/** Customers, products, prices and discounts are read once for all the subscriptions (of one organization). */
/** The customers and products (as the API shows them) a caller read already in this transaction. */
export interface SubscriptionReads {
  customers?: SubscriptionOutput['customer'][];
  products?: ProductOutput[];
}

export async function subscriptionOutputs(
  em: EntityManager,
  deps: SubscriptionOutputDeps,
  subscriptions: Subscription[],
  known: SubscriptionReads = {},
): Promise<SubscriptionOutput[]> {
  if (!subscriptions.length) return [];
  const { organizationId } = subscriptions[0];
  const idsOf = (pick: (s: Subscription) => string | null) => distinctIds(subscriptions, pick);
  const discountIds = idsOf((s) => s.discountId);
  const [customers, products, discountRows] = await readTogether(em, [
    () =>
      knownOrRead(
        idsOf((s) => s.customerId),
        known.customers,
        (ids) => deps.customers.outputs(em, organizationId, ids),
      ),
    () =>
      knownOrRead(
        idsOf((s) => s.productId),
        known.products,
        (ids) => deps.products.outputsByIds(em, organizationId, ids),
      ),
    () =>
      discountIds.length
        ? deps.discounts.findByIds(em, organizationId, discountIds).then((rows) => deps.discounts.outputs(em, rows))
        : [],
  ]);
  const discounts = byId(discountRows);
  // A subscription's price is most often one of its product's live prices, rendered above; only the others are read.
  const prices = byId([...products.values()].flatMap((product) => product.prices));
  const missingPrices = idsOf((s) => s.priceId).filter((id) => !prices.has(id));
  const [otherPrices, meters] = await readTogether(em, [
    () => deps.products.priceOutputs(em, organizationId, missingPrices),
    () => deps.meterReader.metersOf(em, subscriptions, products),
  ]);
  for (const price of otherPrices) prices.set(price.id, price);
  return subscriptions.map((subscription) => {
    const price = prices.get(subscription.priceId)!;
    const pending = subscription.pendingUpdate;
    const subscriptionMeters = meters.get(subscription.id) ?? [];
    return {
      ...orderSubscriptionOutput(subscription),
      ...(subscriptionMeters.length && meterPeriod(subscription)),
      custom_field_data: subscription.customFieldData,
      customer: customers.get(subscription.customerId)!,
      product: products.get(subscription.productId)!,
      discount: (subscription.discountId && discounts.get(subscription.discountId)) || null,
      prices: [price, ...meteredPrices(products.get(subscription.productId)!, subscription.currency)],
      meters: subscriptionMeters,
      pending_update: pending && {
        id: pending.id,
        created_at: pending.createdAt,
        modified_at: null,
        applies_at: pending.appliesAt,
        product_id: pending.productId,
        seats: pending.seats,
      },
      test_clock_id: subscription.testClockId,
    };
  });
}

/** The product's live metered prices in the subscription's currency: billed with each renewal, so the subscription's too. */
const meteredPrices = (product: ProductOutput, currency: string) => meteredPricesIn(product.prices, currency);

/** Metered prices are billed with the period's renewal: the meter period is the billing period. */
const meterPeriod = (s: Subscription) => ({
  current_meter_period_start: s.currentPeriodStart.toISOString(),
  current_meter_period_end: s.currentPeriodEnd.toISOString(),
});
