// Subscription rules that need no database: a request's command and whether it is legal, the plan a change moves to,
// dunning's schedule, what the workflow shows as upcoming, and a renewal's lines (discounts by the discount domain's
// rules). The command and schedule types live with the flow's definitions, where the workflow takes them.
import { discountAmount, type DiscountRule } from '../discount/discount.logic';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Product as ProductOutput } from '../../contracts/product';
import type { ProrationBehavior, SubscriptionUpdate } from '../../contracts/subscription';
import type { SubscriptionCommand, SubscriptionSchedule, UpcomingSchedule } from '../../../workflows/definitions';
import { addInterval, type RecurringInterval } from '../../kernel/calendar';
import { invalidField } from '../../kernel/errors';
import {
  billableUnits,
  formatAmount,
  formatUnitAmount,
  MAX_AMOUNT,
  seatsPurchase,
  unitsAmount,
} from '../../kernel/money';
import type { SubscriptionStatus } from './subscription.entity';

export type { SubscriptionCommand, SubscriptionSchedule };

/** What the subscription will do next (a renewal, its end, a payment retry) and the next three renewals. */
export function upcomingSchedule(schedule: SubscriptionSchedule | undefined, retryAt: string | null): UpcomingSchedule {
  const at = (
    action: UpcomingSchedule['next']['action'],
    when: string | null,
    renewals: string[] = [],
  ): UpcomingSchedule => ({
    status: schedule?.status ?? 'starting',
    next: { action, at: when },
    renewals,
  });
  if (!schedule || schedule.status === 'canceled') return at('none', null);
  if (retryAt) return at('retry_payment', retryAt);
  if (schedule.cancelAtPeriodEnd) return at('end', schedule.currentPeriodEnd);
  const renewals = [new Date(schedule.currentPeriodEnd)];
  while (renewals.length < 3)
    renewals.push(
      addInterval(renewals[renewals.length - 1], schedule.interval, schedule.intervalCount, schedule.anchorDay),
    );
  return at(
    'renew',
    schedule.currentPeriodEnd,
    renewals.map((d) => d.toISOString()),
  );
}

/** What the workflow knows of its subscription, enough to refuse an illegal command before it is recorded. */
export interface LifecycleState {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
}

/** The reference's error for an illegal command (the name is the problem type), or null when it is legal. */
export function commandRefusal(
  state: LifecycleState,
  command: SubscriptionCommand,
): { type: string; message: string } | null {
  const ended = state.status === 'canceled';
  switch (command.kind) {
    case 'cancel':
      return ended || state.cancelAtPeriodEnd
        ? {
            type: 'AlreadyCanceledSubscription',
            message: 'This subscription is already canceled or will end at the end of the period.',
          }
        : null;
    case 'uncancel':
      if (ended)
        return { type: 'ResourceUnavailable', message: 'This subscription has ended; it cannot be uncanceled.' };
      return state.cancelAtPeriodEnd
        ? null
        : { type: 'BadRequest', message: 'This subscription is not set to cancel.' };
    case 'revoke':
      return ended ? { type: 'AlreadyCanceledSubscription', message: 'This subscription is already canceled.' } : null;
    case 'change':
    case 'clear_pending_update':
      return ended || state.cancelAtPeriodEnd
        ? { type: 'AlreadyCanceledSubscription', message: 'A canceled subscription cannot be changed.' }
        : null;
  }
}

/** Declines that will not go better on a later try: dunning skips to the end. */
const UNRECOVERABLE_DECLINES = new Set([
  'incorrect_number',
  'authentication_required',
  'expired_card',
  'lost_card',
  'stolen_card',
  'fraudulent',
  'do_not_honor',
]);

export function isUnrecoverableDecline(code: string): boolean {
  return UNRECOVERABLE_DECLINES.has(code);
}

/** When dunning tries again after `failures` failed attempts, or null when it gives up (the subscription is revoked). */
export function nextRetryAt(
  failedAt: Date,
  failures: number,
  intervalsDays: readonly number[],
  unrecoverable: boolean,
): Date | null {
  if (unrecoverable || failures > intervalsDays.length) return null;
  return new Date(failedAt.getTime() + intervalsDays[failures - 1] * 86_400_000);
}

export interface RenewalLine {
  label: string;
  amount: number;
  priceId: string | null;
  proration: boolean;
}

/** A metered price's usage over a period: units consumed (a decimal string) and credited on its meter. */
export interface MeteredUsage {
  priceId: string;
  meterName: string;
  consumed: string;
  credited: number;
  unitAmount: string;
  capAmount: number | null;
}

/**
 * A metered price's line: the units consumed beyond the credited ones × the unit amount, rounded once (half-up), then
 * capped by the price's cap (and by the most one charge may carry).
 */
export function meteredLine(usage: MeteredUsage, currency: string): RenewalLine {
  const units = billableUnits(usage.consumed, usage.credited);
  const uncapped = unitsAmount(units, usage.unitAmount);
  const cap = Math.min(usage.capAmount ?? MAX_AMOUNT, MAX_AMOUNT);
  const capped = uncapped > cap;
  const label =
    `${usage.meterName} — ${units} units (${usage.consumed} consumed, ${usage.credited} credited) × ${formatUnitAmount(usage.unitAmount, currency)}` +
    (capped ? ` — capped at ${formatAmount(cap, currency)}` : '');
  return { label, amount: capped ? cap : uncapped, priceId: usage.priceId, proration: false };
}

/**
 * A renewal's lines: the period's charge, the metered usage of the period that ended (both discountable) and any
 * prorations carried from changes. A credit larger than everything else is carried to the next renewal rather than
 * paid out. `recurringAmount` is the period's charge after discount, what the subscription shows as its amount.
 */
export function renewalLines(input: {
  productName: string;
  priceId: string;
  priceAmount: number;
  period: { start: Date; end: Date };
  discount: DiscountRule | null;
  currency: string;
  carried: readonly { label: string; amount: number; priceId: string | null }[];
  metered?: readonly MeteredUsage[];
}): { lines: RenewalLine[]; discountAmount: number; carryForward: number; recurringAmount: number } {
  const metered = (input.metered ?? []).map((usage) => meteredLine(usage, input.currency));
  const lines: RenewalLine[] = [
    {
      label: `${input.productName} — ${periodLabel(input.period.start, input.period.end)}`,
      amount: input.priceAmount,
      priceId: input.priceId,
      proration: false,
    },
    ...metered,
    ...input.carried.map((item) => ({ ...item, proration: true })),
  ];
  const discountable = lines.filter((line) => !line.proration).reduce((sum, line) => sum + line.amount, 0);
  const discount = discountAmount(input.discount, discountable, input.currency);
  const recurringAmount = input.priceAmount - discountAmount(input.discount, input.priceAmount, input.currency);
  const net = lines.reduce((sum, line) => sum + line.amount, 0) - discount;
  if (net >= 0) return { lines, discountAmount: discount, carryForward: 0, recurringAmount };
  lines.push({ label: 'Credit carried to the next renewal', amount: -net, priceId: null, proration: true });
  return { lines, discountAmount: discount, carryForward: net, recurringAmount };
}

/**
 * The last period's usage of a subscription that ends at period end: its metered lines, discounted as renewals are.
 * Null when there is nothing to charge (no usage beyond the credits), so no order is written.
 */
export function finalUsageLines(
  metered: readonly MeteredUsage[],
  discount: DiscountRule | null,
  currency: string,
): { lines: RenewalLine[]; discountAmount: number } | null {
  const lines = metered.map((usage) => meteredLine(usage, currency));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  if (subtotal === 0) return null;
  return { lines, discountAmount: discountAmount(discount, subtotal, currency) };
}

export function periodLabel(start: Date, end: Date): string {
  return `From ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`;
}

/**
 * The reference's update variants, told apart by their keys: one kind of change per request. A change billed as the
 * request says, else as the organization's `proration_behavior` setting.
 */
export function commandOf(body: SubscriptionUpdate, defaultProration: ProrationBehavior): SubscriptionCommand {
  const reason = body.customer_cancellation_reason ?? null;
  const comment = body.customer_cancellation_comment ?? null;
  const kinds = [
    body.revoke !== undefined && 'revoke',
    body.cancel_at_period_end !== undefined && 'cancel_at_period_end',
    'pending_update' in body && 'pending_update',
    (body.product_id != null || body.seats !== undefined || 'discount_id' in body) &&
      'product_id, seats or discount_id',
  ].filter(Boolean);
  if (kinds.length !== 1)
    throw invalidField(
      ['body'],
      kinds.length ? `One kind of change per request (got ${kinds.join(' and ')}).` : 'Nothing to update.',
    );
  if (body.revoke) return { kind: 'revoke', reason, comment };
  if (body.cancel_at_period_end !== undefined)
    return body.cancel_at_period_end ? { kind: 'cancel', reason, comment } : { kind: 'uncancel' };
  if ('pending_update' in body) return { kind: 'clear_pending_update' };
  return {
    kind: 'change',
    ...(body.product_id != null && { productId: body.product_id }),
    ...(body.seats !== undefined && { seats: body.seats }),
    ...('discount_id' in body && { discountId: body.discount_id ?? null }),
    proration: body.proration_behavior ?? defaultProration,
  };
}

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
          (p) => p.price_currency === current.currency && !p.is_archived && p.amount_type !== 'metered_unit',
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

/** The metered prices a subscription in `currency` bills at each renewal (a price's meter bills even once archived). */
export function meteredPricesIn<P extends { amount_type: string; price_currency: string; is_archived: boolean }>(
  prices: readonly P[],
  currency: string,
): Extract<P, { amount_type: 'metered_unit' }>[] {
  return prices.filter(
    (p): p is Extract<P, { amount_type: 'metered_unit' }> =>
      p.amount_type === 'metered_unit' && p.price_currency === currency && !p.is_archived,
  );
}
