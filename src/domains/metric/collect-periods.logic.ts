// Each period's facts in one currency, from the sums the readers give per period: stocks carried from one period to
// the next (starting from what the facts before the range left), revenue accumulated over the range.
import type { EventActivity } from '../meter';
import type { CheckoutFactRow } from './read-checkout-facts';
import type { OrderFactRow } from './read-order-facts';
import type { SubscriptionFactRow } from './read-subscription-facts';
import { emptyFacts, netRevenue, SUBSCRIPTION_FLOWS, type PeriodFacts } from './period-facts.logic';

export interface CurrencyRows {
  orders: OrderFactRow[];
  checkouts: CheckoutFactRow[];
  subscriptions: SubscriptionFactRow[];
  /** Usage events: customers in every currency's periods, costs in USD's only. */
  events: EventActivity[];
}

export function collectPeriods(buckets: readonly string[], rows: CurrencyRows): PeriodFacts[] {
  const before = rows.subscriptions.find((row) => row.bucket === null);
  let stock = {
    mrr: before?.mrr ?? 0,
    committedMrr: before?.committedMrr ?? 0,
    trialMrr: before?.trialMrr ?? 0,
    active: before?.active ?? 0,
  };
  let trialing = before?.trialing ?? 0;
  let paused = before?.paused ?? 0;
  let revenueBefore = 0;
  let netRevenueBefore = 0;
  let costsBefore = 0;
  return buckets.map((bucket) => {
    const facts = emptyFacts();
    const order = rows.orders.find((row) => row.bucket === bucket);
    if (order) {
      const { bucket: _, currency: __, ...sums } = order;
      Object.assign(facts, sums);
    }
    const checkout = rows.checkouts.find((row) => row.bucket === bucket);
    if (checkout)
      Object.assign(facts, { checkouts: checkout.checkouts, succeededCheckouts: checkout.succeededCheckouts });
    const s = rows.subscriptions.find((row) => row.bucket === bucket);
    const events = rows.events.find((row) => row.bucket === bucket);
    Object.assign(facts, { activeUsers: events?.customers ?? 0, costs: events?.costs ?? 0, costsBefore });
    Object.assign(facts, { mrrStart: stock.mrr, activeStart: stock.active, revenueBefore, netRevenueBefore });
    stock = {
      mrr: stock.mrr + (s?.mrr ?? 0),
      committedMrr: stock.committedMrr + (s?.committedMrr ?? 0),
      trialMrr: stock.trialMrr + (s?.trialMrr ?? 0),
      active: stock.active + (s?.active ?? 0),
    };
    trialing += s?.trialing ?? 0;
    paused += s?.paused ?? 0;
    if (s) for (const key of SUBSCRIPTION_FLOWS) Object.assign(facts, { [key]: s[key] });
    Object.assign(facts, {
      mrrEnd: stock.mrr,
      committedMrrEnd: stock.committedMrr,
      trialMrrEnd: stock.trialMrr,
      activeEnd: stock.active,
      trialingEnd: trialing,
      pausedEnd: paused,
    });
    revenueBefore += facts.revenue;
    netRevenueBefore += netRevenue(facts);
    costsBefore += facts.costs;
    return facts;
  });
}
