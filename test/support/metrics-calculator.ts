// The independent calculation of issue 37's metrics, written from /work/notes' definitions over raw facts gathered
// from webhooks (not from src/): per calendar month of a time zone, in one currency, to the cent.
import { monthsOf, rangeOf } from './metrics-calendar';

/** What the query's filters (product_id, billing_type, customer_id) look at. */
export interface Owned {
  productId: string | null;
  customerId: string | null;
}
export interface OrderFact extends Owned {
  id: string;
  at: number;
  currency: string;
  billingReason: string;
  total: number;
  net: number;
  tax: number;
}
export interface RefundFact extends Owned {
  id: string;
  at: number;
  currency: string;
  orderId: string;
  amount: number;
  tax: number;
}
export interface CheckoutFact extends Owned {
  id: string;
  at: number;
  currency: string;
  succeeded: boolean;
}
/** One state of a subscription, in the order it took them. */
export interface SubscriptionState extends Owned {
  id: string;
  at: number;
  currency: string;
  status: string;
  amount: number;
  interval: 'day' | 'week' | 'month' | 'year';
  count: number;
  cancelAtPeriodEnd: boolean;
  reason: string | null;
}
export interface Facts {
  orders: OrderFact[];
  refunds: RefundFact[];
  checkouts: CheckoutFact[];
  /** Per subscription, its states oldest first. */
  states: Map<string, SubscriptionState[]>;
}

export const REASONS = [
  'customer_service',
  'low_quality',
  'missing_features',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
  'other',
] as const;

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
/** Half-up num/den for num ≥ 0 (exact in integers). */
const halfUp = (num: number, den: number) => Math.floor((2 * num + den) / (2 * den));
const divide = (num: number, den: number) => (den === 0 ? 0 : num < 0 ? -halfUp(-num, den) : halfUp(num, den));
const rate = (num: number, den: number) => (den === 0 ? 0 : halfUp(num * 10_000, den) / 10_000);

const PER_MONTH = { month: [1, 1], year: [1, 12], week: [52, 12], day: [365, 12] } as const;
const monthly = (s: SubscriptionState) => {
  const [times, over] = PER_MONTH[s.interval];
  return halfUp(s.amount * times, over * s.count);
};
const live = (s: SubscriptionState | undefined) => !!s && (s.status === 'active' || s.status === 'past_due');
export const mrrOf = (s: SubscriptionState | undefined) => (s && live(s) ? monthly(s) : 0);
const trialMrrOf = (s: SubscriptionState | undefined) => (s?.status === 'trialing' ? monthly(s) : 0);
const asked = (s: SubscriptionState | undefined) => !!s && (s.cancelAtPeriodEnd || s.status === 'canceled');

export interface Query {
  start: string;
  end: string;
  timezone: string;
  /** The amounts' currency. */
  currency: string;
  /** Counts over every currency (the top-level figures) or only the amounts' (`currencies[c]`). */
  countsInAllCurrencies: boolean;
  /** The query's filters: a subscription counts only while its state passes (a plan change moves it in or out). */
  filter?: (fact: Owned) => boolean;
}

export type Figures = Record<string, number>;
/** A state and whether it passes the query's filters. */
type Held = SubscriptionState & { inside: boolean };

export interface Calculated {
  /** Each period's start. */
  timestamps: string[];
  periods: Figures[];
  totals: Figures;
}

export function calculate(facts: Facts, q: Query): Calculated {
  const range = rangeOf(q.timezone, q.start, q.end);
  const inRange = (at: number) => at >= range.start && at < range.end;
  const counted = (currency: string) => q.countsInAllCurrencies || currency === q.currency;
  const money = (currency: string) => currency === q.currency;
  const kept = q.filter ?? (() => true);
  const reasonOf = new Map(facts.orders.map((o) => [o.id, o.billingReason]));
  const orderOf = new Map(facts.orders.map((o) => [o.id, o]));
  const histories = [...facts.states.values()].map((states) => states.map((s) => ({ ...s, inside: kept(s) })));
  const stateAt = (states: Held[], t: number) => states.filter((s) => s.at < t).at(-1);
  const stock = (t: number) => {
    // A state outside the filter is as if the subscription were not there: no MRR, not counted.
    const at = histories.map((states) => stateAt(states, t)).filter((s): s is Held => !!s?.inside);
    return {
      mrr: at.filter((s) => money(s.currency)).reduce((sum, s) => sum + mrrOf(s), 0),
      trialMrr: at.filter((s) => money(s.currency)).reduce((sum, s) => sum + trialMrrOf(s), 0),
      // Committed: the subscriptions not set to end at their period's end.
      committedMrr: at.filter((s) => money(s.currency) && !s.cancelAtPeriodEnd).reduce((sum, s) => sum + mrrOf(s), 0),
      active: at.filter((s) => counted(s.currency) && live(s)).length,
      activeInCurrency: at.filter((s) => money(s.currency) && live(s)).length,
      trialing: at.filter((s) => counted(s.currency) && s.status === 'trialing').length,
      paused: at.filter((s) => counted(s.currency) && s.status === 'paused').length,
    };
  };

  let cumulative = 0;
  let netCumulative = 0;
  const months = monthsOf(q.timezone, q.start, q.end);
  const periods = months.map((month) => {
    const from = Math.max(month.start, range.start);
    const to = Math.min(month.end, range.end);
    const within = (at: number) => at >= from && at < to && inRange(at);
    const orders = facts.orders.filter((o) => within(o.at) && kept(o));
    const refunds = facts.refunds.filter((r) => within(r.at) && money(r.currency) && kept(orderOf.get(r.orderId) ?? r));
    const paid = orders.filter((o) => money(o.currency));
    const f: Figures = {};
    f.orders = orders.filter((o) => counted(o.currency)).length;
    f.revenue = sum(paid.map((x) => x.total));
    f.refunds = sum(refunds.map((x) => x.amount)) + sum(refunds.map((x) => x.tax));
    f.taxes = sum(paid.map((x) => x.tax)) - sum(refunds.map((x) => x.tax));
    f.revenue_net_of_refunds = f.revenue - f.refunds;
    f.net_revenue = f.revenue - f.refunds - f.taxes;
    cumulative += f.revenue;
    netCumulative += f.net_revenue;
    f.cumulative_revenue = cumulative;
    f.net_cumulative_revenue = netCumulative;
    f.average_order_value = divide(f.revenue, paid.length);
    f.net_average_order_value = divide(f.net_revenue, paid.length);
    for (const [slug, reason] of [
      ['one_time_products', 'purchase'],
      ['renewed_subscriptions', 'subscription_cycle'],
      ['new_subscriptions', 'subscription_create'],
    ] as const) {
      const ofReason = paid.filter((o) => o.billingReason === reason);
      const refunded = refunds.filter((r) => reasonOf.get(r.orderId) === reason);
      if (slug !== 'new_subscriptions')
        f[slug] = orders.filter((o) => o.billingReason === reason && counted(o.currency)).length;
      f[`${slug}_revenue`] = sum(ofReason.map((x) => x.total));
      f[`${slug}_net_revenue`] = sum(ofReason.map((x) => x.net)) - sum(refunded.map((x) => x.amount));
    }
    f.new_subscriptions = histories.filter(
      ([first]) => within(first.at) && counted(first.currency) && first.inside,
    ).length;

    const end = stock(to);
    const start = stock(from);
    f.monthly_recurring_revenue = end.mrr;
    f.annual_recurring_revenue = 12 * end.mrr;
    f.trial_monthly_recurring_revenue = end.trialMrr;
    f.committed_monthly_recurring_revenue = end.committedMrr;
    // The book sends no usage events: no active users by event, no costs, a gross margin of the net revenue.
    f.active_user_by_event = 0;
    f.costs = 0;
    f.cumulative_costs = 0;
    f.cost_per_user = 0;
    f.gross_margin = f.net_revenue;
    f.gross_margin_percentage = f.net_revenue > 0 ? 1 : 0;
    f.cashflow = f.revenue_net_of_refunds;
    f.active_subscriptions = end.active;
    f.trialing_subscriptions = end.trialing;
    f.paused_subscriptions = end.paused;
    f.average_revenue_per_user = divide(end.mrr, end.activeInCurrency);
    Object.assign(f, movements(histories, within, money, counted));
    f.net_new_mrr = f.new_mrr + f.reactivated_mrr + f.expansion_mrr - f.contraction_mrr - f.churned_mrr;
    f.churn_rate = rate(f.churned_subscriptions, start.active);
    f.trial_conversion_rate = rate(f.trial_conversions, f.ended_trials);
    const checkouts = facts.checkouts.filter((c) => within(c.at) && counted(c.currency) && kept(c));
    f.checkouts = checkouts.length;
    f.succeeded_checkouts = checkouts.filter((c) => c.succeeded).length;
    f.checkouts_conversion = rate(f.succeeded_checkouts, f.checkouts);
    f.paidInCurrency = paid.length;
    return f;
  });

  const last = periods.at(-1)!;
  const totals: Figures = {};
  for (const slug of Object.keys(last)) totals[slug] = periods.reduce((s, p) => s + p[slug], 0);
  const STOCKS = [
    'monthly_recurring_revenue',
    'annual_recurring_revenue',
    'trial_monthly_recurring_revenue',
    'committed_monthly_recurring_revenue',
    'cumulative_costs',
    'average_revenue_per_user',
    'active_subscriptions',
    'trialing_subscriptions',
    'paused_subscriptions',
    'cumulative_revenue',
    'net_cumulative_revenue',
  ];
  for (const slug of STOCKS) totals[slug] = last[slug];
  totals.average_order_value = divide(totals.revenue, totals.paidInCurrency);
  totals.net_average_order_value = divide(totals.net_revenue, totals.paidInCurrency);
  totals.churn_rate = rate(totals.churned_subscriptions, stock(range.start).active);
  totals.trial_conversion_rate = rate(totals.trial_conversions, totals.ended_trials);
  totals.checkouts_conversion = rate(totals.succeeded_checkouts, totals.checkouts);
  totals.gross_margin_percentage = totals.net_revenue > 0 ? 1 : 0;
  delete totals.paidInCurrency;
  for (const p of periods) delete p.paidInCurrency;
  return { timestamps: months.map((m) => new Date(m.start).toISOString()), periods, totals };
}

/** MRR movements and subscription transitions whose time passes `within`. */
function movements(
  histories: Held[][],
  within: (at: number) => boolean,
  money: (currency: string) => boolean,
  counted: (currency: string) => boolean,
): Figures {
  const f: Figures = { new_mrr: 0, reactivated_mrr: 0, expansion_mrr: 0, contraction_mrr: 0, churned_mrr: 0 };
  for (const key of ['canceled_subscriptions', 'churned_subscriptions', 'trial_conversions', 'ended_trials'])
    f[key] = 0;
  for (const reason of REASONS) f[`canceled_subscriptions_${reason}`] = 0;
  for (const states of histories) {
    let everPaid = false;
    states.forEach((next, i) => {
      const prev = i > 0 ? states[i - 1] : undefined;
      const [before, after] = [prev?.inside ? mrrOf(prev) : 0, next.inside ? mrrOf(next) : 0];
      if (within(next.at) && money(next.currency) && before !== after) {
        if (before === 0) f[everPaid ? 'reactivated_mrr' : 'new_mrr'] += after;
        else if (after === 0) f.churned_mrr += before;
        else f[after > before ? 'expansion_mrr' : 'contraction_mrr'] += Math.abs(after - before);
      }
      // Whether the subscription had MRR, on any product: a move into a filtered product is a reactivation.
      everPaid ||= mrrOf(next) > 0;
      if (!within(next.at) || !counted(next.currency) || !next.inside) return;
      if (asked(next) && !asked(prev)) {
        f.canceled_subscriptions += 1;
        f[`canceled_subscriptions_${next.reason ?? 'other'}`] += 1;
      }
      if (next.status === 'canceled' && live(prev)) f.churned_subscriptions += 1;
      if (prev?.status === 'trialing' && next.status !== 'trialing') {
        f.ended_trials += 1;
        if (live(next)) f.trial_conversions += 1;
      }
    });
  }
  return f;
}
