// Subscriptions as the API shows them, and the smaller shape orders embed.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import type { OrderSubscription } from '../../contracts/order-subscription';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import { byId, distinctIds } from '../../kernel/ids';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import type { Subscription } from './subscription.entity';
import type { SubscriptionMeterReader } from './subscription-meter';

export interface SubscriptionOutputDeps {
  customers: CustomerService;
  products: ProductService;
  discounts: DiscountService;
  meterReader: Pick<SubscriptionMeterReader, 'metersOf'>;
}

/** Customers, products, prices and discounts are read once for all the subscriptions (of one organization). */
export async function subscriptionOutputs(
  em: EntityManager,
  deps: SubscriptionOutputDeps,
  subscriptions: Subscription[],
): Promise<SubscriptionOutput[]> {
  if (!subscriptions.length) return [];
  const { organizationId } = subscriptions[0];
  const idsOf = (pick: (s: Subscription) => string | null) => distinctIds(subscriptions, pick);
  const customers = byId(
    await deps.customers.outputs(
      em,
      organizationId,
      idsOf((s) => s.customerId),
    ),
  );
  const products = byId(
    await deps.products.outputsByIds(
      em,
      organizationId,
      idsOf((s) => s.productId),
    ),
  );
  // A subscription's price is most often one of its product's live prices, rendered above; only the others are read.
  const prices = byId([...products.values()].flatMap((product) => product.prices));
  const missingPrices = idsOf((s) => s.priceId).filter((id) => !prices.has(id));
  for (const price of await deps.products.priceOutputs(em, organizationId, missingPrices)) prices.set(price.id, price);
  const discountIds = idsOf((s) => s.discountId);
  const discounts = byId(
    discountIds.length
      ? await deps.discounts.outputs(em, await deps.discounts.findByIds(em, organizationId, discountIds))
      : [],
  );
  const meters = await deps.meterReader.metersOf(em, subscriptions, products);
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

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The product's live metered prices in the subscription's currency: billed with each renewal, so the subscription's too. */
const meteredPrices = (product: ProductOutput, currency: string) =>
  product.prices.filter((p) => p.amount_type === 'metered_unit' && p.price_currency === currency && !p.is_archived);

/** Metered prices are billed with the period's renewal: the meter period is the billing period. */
const meterPeriod = (s: Subscription) => ({
  current_meter_period_start: s.currentPeriodStart.toISOString(),
  current_meter_period_end: s.currentPeriodEnd.toISOString(),
});

export function orderSubscriptionOutput(s: Subscription): OrderSubscription {
  return {
    metadata: s.metadata,
    created_at: s.createdAt.toISOString(),
    modified_at: iso(s.modifiedAt),
    id: s.id,
    amount: s.amount,
    currency: s.currency,
    recurring_interval: s.recurringInterval,
    recurring_interval_count: s.recurringIntervalCount,
    status: s.status,
    current_period_start: s.currentPeriodStart.toISOString(),
    current_period_end: s.currentPeriodEnd.toISOString(),
    current_meter_period_start: null,
    current_meter_period_end: null,
    trial_start: iso(s.trialStart),
    trial_end: iso(s.trialEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: iso(s.canceledAt),
    started_at: iso(s.startedAt),
    ends_at: iso(s.endsAt),
    ended_at: iso(s.endedAt),
    past_due_at: iso(s.pastDueAt),
    pause_at_period_end: false,
    paused_at: null,
    resumes_at: null,
    customer_id: s.customerId,
    product_id: s.productId,
    discount_id: s.discountId,
    checkout_id: s.checkoutId,
    seats: s.seats,
    units: null,
    customer_cancellation_reason: s.customerCancellationReason,
    customer_cancellation_comment: s.customerCancellationComment,
  };
}
