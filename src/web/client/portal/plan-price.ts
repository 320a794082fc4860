// What a subscription would cost after a change: the organization's recurring products it can move to, each priced in
// the subscription's currency for its seats, and the price of another seat count — and how the portal bills the change
// (the organization's `proration_behavior` is `invoice`: a dearer plan's difference is charged at once; a cheaper
// plan's unused part is credited to the next payment; a trial is not prorated).
import type { RecurringInterval } from '../../../contracts/catalog-common';
import type { CustomerProduct } from '../../../contracts/portal-organization';
import type { CustomerSubscription } from '../../../contracts/portal-subscription';
import type { ProductPrice } from '../../../contracts/price';
import { seatsPrice } from '../../../kernel/money';
import type { StringKey } from '../strings';

/** A plan a subscription can move to, with what it costs every interval (before any discount). */
export interface PlanOption {
  id: string;
  name: string;
  amount: number;
  interval: RecurringInterval;
  intervalCount: number;
}

/**
 * The recurring amount of `prices` in `currency` for `seats` seats: their fixed and seat-based prices (usage is billed
 * on top); null when none applies (another currency, a customer-chosen amount) or the seats lie outside the tiers.
 */
export function recurringAmount(
  prices: readonly ProductPrice[],
  currency: string,
  seats: number | null,
): number | null {
  let amount: number | null = null;
  for (const price of prices) {
    if (price.is_archived || price.price_currency.toLowerCase() !== currency.toLowerCase()) continue;
    if (price.amount_type === 'fixed') amount = (amount ?? 0) + price.price_amount;
    if (price.amount_type === 'seat_based') {
      const { tiers, seat_tier_type: type, minimum_seats: minimum } = price.seat_tiers;
      const seatsAmount = seatsPrice(tiers, seats ?? minimum, type);
      if (seatsAmount === null) return null;
      amount = (amount ?? 0) + seatsAmount;
    }
  }
  return amount;
}

/** The organization's recurring products other than the subscription's own that have a price it can be billed. */
export function planOptions(products: readonly CustomerProduct[], s: CustomerSubscription): PlanOption[] {
  return products.flatMap((product) => {
    if (!product.recurring_interval || product.id === s.product_id) return [];
    const amount = recurringAmount(product.prices, s.currency, s.seats);
    if (amount === null) return [];
    return [
      {
        id: product.id,
        name: product.name,
        amount,
        interval: product.recurring_interval,
        intervalCount: product.recurring_interval_count ?? 1,
      },
    ];
  });
}

/** What the subscription costs now, before any discount. */
export function currentAmount(s: CustomerSubscription): number {
  return recurringAmount(s.prices, s.currency, s.seats) ?? s.amount;
}

/** How a change to `amount` every interval is billed, in words. */
export function billingOfChange(s: CustomerSubscription, amount: number): StringKey {
  if (s.status === 'trialing') return 'portal.change.duringTrial';
  return amount > currentAmount(s) ? 'portal.change.chargedNow' : 'portal.change.creditedLater';
}
