// The next renewal as the renewal step will write it (renew-subscription.ts): the period it starts and, for a preview,
// its order from the same lines, discount and tax rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import { addInterval } from '../../kernel/calendar';
import type { NewOrder } from '../order';
import type { BillingDeps } from './billing-deps';
import { currentDiscount } from './current-discount';
import { renewalLines } from './renewal-lines.logic';
import type { Subscription } from './subscription.entity';
import { subscriptionOrder } from './subscription-order';

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
 * The order the next renewal of `s` will write, without the metered usage of the period (not known before it ends);
 * null when no renewal follows. It moves `s` into that period: call it on a row that is not saved.
 */
export async function nextRenewalOrder(
  deps: Pick<BillingDeps, 'products' | 'discounts' | 'seller'>,
  em: EntityManager,
  s: Subscription,
): Promise<{ order: NewOrder; renewsAt: Date } | null> {
  if (s.status === 'canceled' || s.cancelAtPeriodEnd) return null;
  const start = s.currentPeriodEnd;
  const afterTrial = s.status === 'trialing';
  const end = beginPeriod(s, start);
  const { lines, discountAmount } = renewalLines({
    productName: (await deps.products.get(em, s.organizationId, s.productId)).name,
    priceId: s.priceId,
    priceAmount: s.priceAmount,
    period: { start, end },
    discount: await currentDiscount(deps, em, s, start),
    currency: s.currency,
    carried: s.pendingItems,
  });
  const order = subscriptionOrder(deps.seller, s, {
    billingReason: afterTrial ? 'subscription_create' : 'subscription_cycle',
    cycleKey: `${s.id}:${start.toISOString()}`,
    lines,
    discountAmount,
    description: lines[0].label,
    at: start,
    taxAt: start,
  });
  return { order, renewsAt: start };
}
