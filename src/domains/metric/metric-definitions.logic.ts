// Every metric, defined once: its name, its type and its value as a pure function of the period's facts — `own`, the
// facts in the currency of the amounts, and `all`, the same period in every currency (for counts).
import type { MetricType } from '../../contracts/metrics';
import { divideHalfUp } from '../../kernel/money';
import {
  CANCELLATION_REASONS,
  netRevenue,
  refunds,
  taxes,
  type BillingReason,
  type PeriodFacts,
} from './period-facts.logic';

export type FactSource = 'orders' | 'checkouts' | 'subscriptions' | 'events';

export interface MetricDefinition {
  slug: string;
  display_name: string;
  type: MetricType;
  /** The facts it needs read. */
  sources: FactSource[];
  value(own: PeriodFacts, all: PeriodFacts): number;
}

/** `part ÷ whole` as a fraction to 4 decimals; 0 when there is nothing to divide by. */
export const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);
/** An amount per unit, half-up (negative amounts away from zero); 0 when there are no units. */
export const perUnit = (amount: number, units: number) =>
  units > 0 ? Math.sign(amount) * divideHalfUp(Math.abs(amount), units) : 0;

const revenue = (f: PeriodFacts) => f.revenue;
const mrr = (f: PeriodFacts) => f.mrrEnd;
const reasonNet = (f: PeriodFacts, r: BillingReason) => f.byReason[r].net - f.byReason[r].refunded;

const define = (
  slug: string,
  display_name: string,
  type: MetricType,
  source: FactSource | FactSource[],
  value: MetricDefinition['value'],
): MetricDefinition => ({ slug, display_name, type, sources: [source].flat(), value });

const money = (slug: string, name: string, source: FactSource, value: (own: PeriodFacts) => number) =>
  define(slug, name, 'currency', source, (own) => value(own));
const scalar = (slug: string, name: string, source: FactSource, value: (all: PeriodFacts) => number) =>
  define(slug, name, 'scalar', source, (_, all) => value(all));
const percentage = (slug: string, name: string, source: FactSource, value: (all: PeriodFacts) => number) =>
  define(slug, name, 'percentage', source, (_, all) => value(all));

const REASON_METRICS: [string, string, BillingReason][] = [
  ['one_time_products', 'One-Time Products', 'purchase'],
  ['new_subscriptions', 'New Subscriptions', 'subscription_create'],
  ['renewed_subscriptions', 'Renewed Subscriptions', 'subscription_cycle'],
];

export const METRICS: readonly MetricDefinition[] = [
  scalar('orders', 'Orders', 'orders', (f) => f.orders),
  money('revenue', 'Revenue', 'orders', revenue),
  money('refunds', 'Refunds', 'orders', refunds),
  money('taxes', 'Taxes', 'orders', taxes),
  money('revenue_net_of_refunds', 'Revenue Net of Refunds', 'orders', (f) => f.revenue - refunds(f)),
  money('net_revenue', 'Net Revenue', 'orders', netRevenue),
  money('cumulative_revenue', 'Cumulative Revenue', 'orders', (f) => f.revenueBefore + revenue(f)),
  money('net_cumulative_revenue', 'Net Cumulative Revenue', 'orders', (f) => f.netRevenueBefore + netRevenue(f)),
  money('average_order_value', 'Average Order Value', 'orders', (f) => perUnit(revenue(f), f.orders)),
  money('net_average_order_value', 'Net Average Order Value', 'orders', (f) => perUnit(netRevenue(f), f.orders)),
  ...REASON_METRICS.flatMap(([slug, name, reason]) => [
    ...(reason === 'subscription_create'
      ? [scalar(slug, name, 'subscriptions', (f) => f.newSubscriptions)]
      : [scalar(slug, name, 'orders', (f) => f.byReason[reason].orders)]),
    money(`${slug}_revenue`, `${name} Revenue`, 'orders', (f) => f.byReason[reason].revenue),
    money(`${slug}_net_revenue`, `${name} Net Revenue`, 'orders', (f) => reasonNet(f, reason)),
  ]),
  money('monthly_recurring_revenue', 'Monthly Recurring Revenue', 'subscriptions', mrr),
  money('annual_recurring_revenue', 'Annual Recurring Revenue', 'subscriptions', (f) => 12 * mrr(f)),
  money('trial_monthly_recurring_revenue', 'Trial Monthly Recurring Revenue', 'subscriptions', (f) => f.trialMrrEnd),
  money('new_mrr', 'New MRR', 'subscriptions', (f) => f.newMrr),
  money('expansion_mrr', 'Expansion MRR', 'subscriptions', (f) => f.expansionMrr),
  money('reactivated_mrr', 'Reactivated MRR', 'subscriptions', (f) => f.reactivatedMrr),
  money('contraction_mrr', 'Contraction MRR', 'subscriptions', (f) => f.contractionMrr),
  money('churned_mrr', 'Churned MRR', 'subscriptions', (f) => f.churnedMrr),
  money(
    'net_new_mrr',
    'Net New MRR',
    'subscriptions',
    (f) => f.newMrr + f.reactivatedMrr + f.expansionMrr - f.contractionMrr - f.churnedMrr,
  ),
  define('average_revenue_per_user', 'Average Revenue Per User', 'currency', 'subscriptions', (own) =>
    perUnit(mrr(own), own.activeEnd),
  ),
  scalar('active_subscriptions', 'Active Subscriptions', 'subscriptions', (f) => f.activeEnd),
  scalar('trialing_subscriptions', 'Trialing Subscriptions', 'subscriptions', (f) => f.trialingEnd),
  scalar('paused_subscriptions', 'Paused Subscriptions', 'subscriptions', (f) => f.pausedEnd),
  scalar('canceled_subscriptions', 'Canceled Subscriptions', 'subscriptions', (f) =>
    CANCELLATION_REASONS.reduce((sum, r) => sum + f.canceled[r], 0),
  ),
  ...CANCELLATION_REASONS.map((r) =>
    scalar(
      `canceled_subscriptions_${r}`,
      `Canceled Subscriptions: ${r.replaceAll('_', ' ')}`,
      'subscriptions',
      (f) => f.canceled[r],
    ),
  ),
  scalar('churned_subscriptions', 'Churned Subscriptions', 'subscriptions', (f) => f.churnedSubscriptions),
  percentage('churn_rate', 'Churn Rate', 'subscriptions', (f) => rate(f.churnedSubscriptions, f.activeStart)),
  scalar('trial_conversions', 'Trial Conversions', 'subscriptions', (f) => f.trialConversions),
  scalar('ended_trials', 'Ended Trials', 'subscriptions', (f) => f.endedTrials),
  percentage('trial_conversion_rate', 'Trial Conversion Rate', 'subscriptions', (f) =>
    rate(f.trialConversions, f.endedTrials),
  ),
  money(
    'committed_monthly_recurring_revenue',
    'Committed Monthly Recurring Revenue',
    'subscriptions',
    (f) => f.committedMrrEnd,
  ),
  scalar('active_user_by_event', 'Active Users (by usage events)', 'events', (f) => f.activeUsers),
  define('costs', 'Costs', 'currency_sub_cent', 'events', (own) => own.costs),
  define('cumulative_costs', 'Cumulative Costs', 'currency_sub_cent', 'events', (own) => own.costsBefore + own.costs),
  define('cost_per_user', 'Cost Per User', 'currency_sub_cent', 'events', (own, all) =>
    all.activeUsers > 0 ? Math.round((own.costs / all.activeUsers) * 10_000) / 10_000 : 0,
  ),
  define(
    'gross_margin',
    'Gross Margin',
    'currency_sub_cent',
    ['orders', 'events'],
    (own) => netRevenue(own) - own.costs,
  ),
  define('gross_margin_percentage', 'Gross Margin Percentage', 'percentage', ['orders', 'events'], (own) =>
    rate(netRevenue(own) - own.costs, netRevenue(own)),
  ),
  define(
    'cashflow',
    'Cashflow',
    'currency_sub_cent',
    ['orders', 'events'],
    (own) => own.revenue - refunds(own) - own.costs,
  ),
  scalar('checkouts', 'Checkouts', 'checkouts', (f) => f.checkouts),
  scalar('succeeded_checkouts', 'Succeeded Checkouts', 'checkouts', (f) => f.succeededCheckouts),
  percentage('checkouts_conversion', 'Checkouts Conversion', 'checkouts', (f) =>
    rate(f.succeededCheckouts, f.checkouts),
  ),
];

export const METRIC_SLUGS: readonly string[] = METRICS.map((m) => m.slug);
