// The sums of billing facts one period holds, per currency: what every metric is defined over.
import { CancellationReason as CancellationReasonEnum } from '../../contracts/subscription-status';

export const BILLING_REASONS = ['purchase', 'subscription_create', 'subscription_cycle'] as const;
export type BillingReason = (typeof BILLING_REASONS)[number];

/** The customers' reasons for canceling, the contract's. */
export const CANCELLATION_REASONS = CancellationReasonEnum.options;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** Orders of one billing reason paid in the period: how many, what they brought in, and their refunds (before tax). */
export interface ReasonFacts {
  orders: number;
  revenue: number;
  net: number;
  refunded: number;
}

export interface PeriodFacts {
  /** Orders paid: how many, Σ total (tax included), Σ tax. */
  orders: number;
  revenue: number;
  orderTax: number;
  /** Refunds succeeded: Σ amount (before tax) and Σ tax. */
  refunded: number;
  refundedTax: number;
  byReason: Record<BillingReason, ReasonFacts>;
  /** Σ revenue and Σ net revenue of the range's earlier periods. */
  revenueBefore: number;
  netRevenueBefore: number;
  checkouts: number;
  succeededCheckouts: number;
  /** Customers who sent usage events (not summed over periods: the range counts its own), and their costs in USD. */
  activeUsers: number;
  costs: number;
  costsBefore: number;
  /** Stocks: at the period's start and end. */
  mrrStart: number;
  mrrEnd: number;
  /** MRR of the subscriptions not set to end. */
  committedMrrEnd: number;
  trialMrrEnd: number;
  activeStart: number;
  activeEnd: number;
  trialingEnd: number;
  pausedEnd: number;
  /** MRR movements within the period (each a positive amount). */
  newMrr: number;
  reactivatedMrr: number;
  expansionMrr: number;
  contractionMrr: number;
  churnedMrr: number;
  newSubscriptions: number;
  canceled: Record<CancellationReason, number>;
  churnedSubscriptions: number;
  trialConversions: number;
  endedTrials: number;
}

/** What the subscriptions' changes within a period add up to (the subscription reader's sums, besides its stocks). */
export const SUBSCRIPTION_FLOWS = [
  'newMrr',
  'reactivatedMrr',
  'expansionMrr',
  'contractionMrr',
  'churnedMrr',
  'newSubscriptions',
  'canceled',
  'churnedSubscriptions',
  'trialConversions',
  'endedTrials',
] as const;
export type SubscriptionFlows = Pick<PeriodFacts, (typeof SUBSCRIPTION_FLOWS)[number]>;

/** Refunds with their tax; tax kept (collected less refunded); revenue less both: what the seller keeps. */
export const refunds = (f: PeriodFacts) => f.refunded + f.refundedTax;
export const taxes = (f: PeriodFacts) => f.orderTax - f.refundedTax;
export const netRevenue = (f: PeriodFacts) => f.revenue - refunds(f) - taxes(f);

const byKey = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

export function emptyFacts(): PeriodFacts {
  return {
    orders: 0,
    revenue: 0,
    orderTax: 0,
    refunded: 0,
    refundedTax: 0,
    byReason: byKey(BILLING_REASONS, () => ({ orders: 0, revenue: 0, net: 0, refunded: 0 })),
    revenueBefore: 0,
    netRevenueBefore: 0,
    checkouts: 0,
    succeededCheckouts: 0,
    activeUsers: 0,
    costs: 0,
    costsBefore: 0,
    mrrStart: 0,
    mrrEnd: 0,
    committedMrrEnd: 0,
    trialMrrEnd: 0,
    activeStart: 0,
    activeEnd: 0,
    trialingEnd: 0,
    pausedEnd: 0,
    newMrr: 0,
    reactivatedMrr: 0,
    expansionMrr: 0,
    contractionMrr: 0,
    churnedMrr: 0,
    newSubscriptions: 0,
    canceled: byKey(CANCELLATION_REASONS, () => 0),
    churnedSubscriptions: 0,
    trialConversions: 0,
    endedTrials: 0,
  };
}

const STARTS = ['mrrStart', 'activeStart', 'revenueBefore', 'netRevenueBefore', 'costsBefore'] as const;
const ENDS = ['mrrEnd', 'committedMrrEnd', 'trialMrrEnd', 'activeEnd', 'trialingEnd', 'pausedEnd'] as const;
type Summed = Exclude<keyof PeriodFacts, (typeof STARTS)[number] | (typeof ENDS)[number] | 'byReason' | 'canceled'>;

function added(a: PeriodFacts, b: PeriodFacts): Pick<PeriodFacts, Summed | 'byReason' | 'canceled'> {
  const sums = Object.fromEntries(
    (Object.keys(a) as (keyof PeriodFacts)[])
      .filter((key) => typeof a[key] === 'number')
      .map((key) => [key, (a[key] as number) + (b[key] as number)]),
  ) as Pick<PeriodFacts, Summed>;
  const byReason = byKey(BILLING_REASONS, (r) => {
    const [x, y] = [a.byReason[r], b.byReason[r]];
    return {
      orders: x.orders + y.orders,
      revenue: x.revenue + y.revenue,
      net: x.net + y.net,
      refunded: x.refunded + y.refunded,
    };
  });
  return { ...sums, byReason, canceled: byKey(CANCELLATION_REASONS, (r) => a.canceled[r] + b.canceled[r]) };
}

/** Two consecutive periods as one: flows add up, stocks start with the first and end with the second. */
export function followedBy(first: PeriodFacts, second: PeriodFacts): PeriodFacts {
  const pick = (source: PeriodFacts, keys: readonly (keyof PeriodFacts)[]) =>
    Object.fromEntries(keys.map((key) => [key, source[key]]));
  return { ...added(first, second), ...pick(first, STARTS), ...pick(second, ENDS) } as PeriodFacts;
}

/** The same period in two currencies together: every sum and stock adds up. */
export function together(a: PeriodFacts, b: PeriodFacts): PeriodFacts {
  const stocks = Object.fromEntries([...STARTS, ...ENDS].map((key) => [key, a[key] + b[key]]));
  return { ...added(a, b), ...stocks } as PeriodFacts;
}
