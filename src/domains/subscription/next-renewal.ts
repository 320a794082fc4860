// A renewal's period and lines, as the renewal step writes them (renew-subscription.ts) and as a change's preview shows
// the next one: one function for both, so that the preview's next renewal is the order the renewal writes.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import { addInterval } from '../../kernel/calendar';
import type { DiscountRule } from '../discount';
import type { NewOrder } from '../order';
import type { BillingDeps } from './billing-deps';
import { currentDiscount } from './current-discount';
import type { MeteredUsage } from './metered-line.logic';
import { paused, resumed } from './pause-subscription';
import { renewalLines } from './renewal-lines.logic';
import type { Subscription } from './subscription.entity';
import { subscriptionOrder, type SubscriptionBill } from './subscription-order';

/** The period starting at `start` begins: a scheduled change applies, a trial's end sets the anchor day. Its end. */
export function beginPeriod(s: Subscription, start: Date): Date {
  if (s.pendingUpdate) {
    const { productId, priceId, priceAmount, seats } = s.pendingUpdate;
    Object.assign(s, { productId, priceId, priceAmount, seats, pendingUpdate: null });
  }
  if (s.status === 'trialing') s.anchorDay = start.getUTCDate();
  return addInterval(start, s.recurringInterval, s.recurringIntervalCount, s.anchorDay);
}

/**
 * The renewal of `s` for the period starting at `start`: the period begun (`beginPeriod`), its lines
 * (`renewalLines`: the charge, metered usage, carried prorations, discount) and its bill, keyed and dated by the caller.
 * `reads` are read once the period began (a scheduled change may have moved the product).
 */
export async function renewalOf(
  s: Subscription,
  start: Date,
  reads: { product: (productId: string) => Promise<ProductOutput>; discount: () => Promise<DiscountRule | null> },
  metered: readonly MeteredUsage[] = [],
) {
  const afterTrial = s.status === 'trialing';
  const end = beginPeriod(s, start);
  const product = await reads.product(s.productId);
  const price = product.prices.find((p) => p.id === s.priceId);
  const renewal = renewalLines({
    productName: product.name,
    priceId: s.priceId,
    priceAmount: s.priceAmount,
    period: { start, end },
    discount: await reads.discount(),
    currency: s.currency,
    carried: s.pendingItems,
    metered,
    seats:
      price?.amount_type === 'seat_based' && s.seats
        ? { count: s.seats, tiers: price.seat_tiers.tiers, type: price.seat_tiers.seat_tier_type }
        : null,
  });
  const bill = (cycleKey: string, at: Date): SubscriptionBill => ({
    billingReason: afterTrial ? 'subscription_create' : 'subscription_cycle',
    cycleKey,
    lines: renewal.lines,
    discountAmount: renewal.discountAmount,
    description: renewal.lines[0].label,
    at,
    taxAt: start,
  });
  return { ...renewal, end, bill };
}

/** The organization's product `id` as renewals read it (404 when it is not theirs, as `products.get`). */
export async function productOf(
  deps: Pick<BillingDeps, 'products'>,
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<ProductOutput> {
  const [product] = await deps.products.outputs(em, [await deps.products.get(em, organizationId, id)]);
  return product;
}

/**
 * The order the renewal of `s` starting at `start` will write, without the metered usage of the period (not known
 * before it ends). It moves `s` into that period: call it on a row that is not saved.
 */
export async function renewalOrderAt(
  deps: Pick<BillingDeps, 'products' | 'discounts' | 'seller'>,
  em: EntityManager,
  s: Subscription,
  start: Date,
): Promise<{ order: NewOrder; renewsAt: Date; end: Date }> {
  const renewal = await renewalOf(s, start, {
    product: (id) => productOf(deps, em, s.organizationId, id),
    discount: () => currentDiscount(deps, em, s, start),
  });
  const order = subscriptionOrder(deps.seller, s, renewal.bill(`${s.id}:${start.toISOString()}`, start));
  enterPeriod(s, start, renewal);
  return { order, renewsAt: start, end: renewal.end };
}

/**
 * `s` in the period its renewal starts at `start`: its dates, its amount after the period's discount, and a credit
 * larger than the order carried to the next renewal (renew-subscription.ts and the preview alike).
 */
export function enterPeriod(
  s: Subscription,
  start: Date,
  renewal: { end: Date; recurringAmount: number; carryForward: number },
): void {
  Object.assign(s, {
    currentPeriodStart: start,
    currentPeriodEnd: renewal.end,
    amount: renewal.recurringAmount,
    pendingItems: renewal.carryForward
      ? [{ label: 'Credit carried from the previous renewal', amount: renewal.carryForward, priceId: null }]
      : [],
  });
}

/**
 * The next renewal's order: at the period's end, or for a paused (or pausing) subscription on its resume date, from
 * which its new period is anchored; null when no renewal follows (it ends, or stays paused until resumed).
 */
export async function nextRenewalOrder(
  deps: Pick<BillingDeps, 'products' | 'discounts' | 'seller'>,
  em: EntityManager,
  s: Subscription,
): Promise<{ order: NewOrder; renewsAt: Date } | null> {
  if (s.status === 'canceled' || s.cancelAtPeriodEnd) return null;
  if (s.status !== 'paused' && !s.pauseAtPeriodEnd) return renewalOrderAt(deps, em, s, s.currentPeriodEnd);
  const resumesAt = s.resumesAt;
  if (!resumesAt) return null;
  if (s.pauseAtPeriodEnd) paused(s, s.currentPeriodEnd); // as the workflow's steps take it: paused, then resumed
  resumed(s, resumesAt);
  return renewalOrderAt(deps, em, s, resumesAt);
}
