// The plan a subscription moves to on a change of product or seats, or the 422 that names what is wrong.
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Product as ProductOutput } from '../../contracts/product';
import type { RecurringInterval } from '../../kernel/calendar';
import { invalidField } from '../../kernel/errors';
import { seatsPurchase } from '../../kernel/money';

/** What the subscription will bill after a plan or seat change. */
export interface PlanTarget {
  productId: string;
  priceId: string;
  priceAmount: number;
  seats: number | null;
  name: string;
}

/** The subscription's plan as a change sees it. */
export interface CurrentPlan {
  productId: string;
  priceId: string;
  priceAmount: number;
  seats: number | null;
  currency: string;
  recurringInterval: RecurringInterval;
  recurringIntervalCount: number;
}

/**
 * The plan after a change: the named product (`product`, undefined when it is not the organization's) at its static
 * price in the subscription's currency and interval — or, on the same product, the current price (`currentPrice`)
 * with other seats. A 422 names what is wrong.
 */
export function planChangeTarget(
  current: CurrentPlan,
  product: ProductOutput | undefined,
  currentPrice: PriceOutput | undefined,
  command: { productId?: string; seats?: number },
): PlanTarget {
  const productId = command.productId ?? current.productId;
  if (!product || product.is_archived)
    throw invalidField(['body', 'product_id'], 'No such product in this organization.');
  if (
    !product.is_recurring ||
    product.recurring_interval !== current.recurringInterval ||
    product.recurring_interval_count !== current.recurringIntervalCount
  ) {
    throw invalidField(
      ['body', 'product_id'],
      `The new product must renew every ${current.recurringIntervalCount} ${current.recurringInterval}(s), like the subscription.`,
    );
  }
  const price =
    productId === current.productId
      ? currentPrice
      : product.prices.find(
          (p) =>
            p.price_currency === current.currency &&
            !p.is_archived &&
            p.amount_type !== 'metered_unit' &&
            p.amount_type !== 'metered_tiers',
        );
  if (!price)
    throw invalidField(['body', 'product_id'], `The product has no price in ${current.currency.toUpperCase()}.`);
  if (price.amount_type === 'seat_based') {
    const seats = command.seats ?? current.seats ?? price.seat_tiers.minimum_seats;
    const purchase = seatsPurchase(price.seat_tiers, seats);
    if ('issue' in purchase) throw invalidField(['body', 'seats'], `${purchase.issue}.`);
    return { productId, priceId: price.id, priceAmount: purchase.amount, seats, name: product.name };
  }
  if (command.seats !== undefined) throw invalidField(['body', 'seats'], 'Seats apply only to seat-based prices.');
  if (price.amount_type === 'fixed')
    return { productId, priceId: price.id, priceAmount: price.price_amount, seats: null, name: product.name };
  if (productId === current.productId)
    return {
      productId,
      priceId: current.priceId,
      priceAmount: current.priceAmount,
      seats: current.seats,
      name: product.name,
    };
  throw invalidField(['body', 'product_id'], 'Subscriptions can move only to fixed, free or seat-based prices.');
}

/** The refusal of a seat-count decrease to `seats` with `assigned` seats assigned (null: allowed). */
export function seatDecreaseRefusal(seats: number, assigned: number): string | null {
  if (seats >= assigned) return null;
  const are = assigned === 1 ? 'seat is' : 'seats are';
  return `${assigned} ${are} assigned (pending or claimed): revoke ${assigned - seats} before lowering the count to ${seats}.`;
}
