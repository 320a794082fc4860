// `GET /v1/metrics/`: the facts the asked metrics need, read per period and currency, then every metric's value per
// period and over the range — in the asked currency (counts over every currency) and per currency.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Metric, MetricPeriod, MetricsQuery, MetricsResponse, MetricsTotals } from '../../contracts/metrics';
import { invalidField } from '../../kernel/errors';
import { isoInZone } from '../../kernel/zoned-time';
import { collectPeriods, type CurrencyRows } from './collect-periods.logic';
import { METRICS, type MetricDefinition } from './metric-definitions.logic';
import { periodsOf, type Period } from './metric-range';
import { emptyFacts, followedBy, together, type PeriodFacts } from './period-facts.logic';
import { readCheckoutFacts } from './read-checkout-facts';
import { readOrderFacts } from './read-order-facts';
import { readSubscriptionFacts } from './read-subscription-facts';
import { eventActivity } from '../meter';

/** The asked metrics (all when none is named); an unknown slug is a 422 on `metrics`. */
export function chosenMetrics(slugs: string[] | undefined): MetricDefinition[] {
  if (!slugs?.length) return [...METRICS];
  const unknown = slugs.filter((slug) => !METRICS.some((m) => m.slug === slug));
  if (unknown.length) throw invalidField(['query', 'metrics'], `Unknown metric: ${unknown.join(', ')}`);
  return METRICS.filter((m) => slugs.includes(m.slug));
}

export async function queryMetrics(
  em: EntityManager,
  organizationId: string,
  query: Omit<MetricsQuery, 'currency'> & { currency: string },
): Promise<MetricsResponse> {
  const chosen = chosenMetrics(query.metrics);
  const needs = new Set(chosen.flatMap((m) => m.sources));
  // A few aggregates over many rows: compiling them (JIT) costs more than it saves, and sorts fit in memory.
  await em.execute(`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
  const periods = await periodsOf(em, query);
  const rows: CurrencyRows = {
    orders: needs.has('orders') ? await readOrderFacts(em, organizationId, query) : [],
    checkouts: needs.has('checkouts') ? await readCheckoutFacts(em, organizationId, query) : [],
    subscriptions: needs.has('subscriptions') ? await readSubscriptionFacts(em, organizationId, query) : [],
    events: needs.has('events') ? await eventActivity(em, organizationId, query) : [],
  };
  const buckets = periods.map((p) => p.bucket);
  const costed = rows.events.some((row) => row.costs !== 0) ? [COST_CURRENCY] : [];
  const facts = [...rows.orders, ...rows.checkouts, ...rows.subscriptions];
  const currencies = [...new Set([...facts.map((r) => r.currency), ...costed])];
  const byCurrency = new Map(currencies.sort().map((c) => [c, collectPeriods(buckets, rowsIn(rows, c))]));
  const own = byCurrency.get(query.currency) ?? buckets.map(() => emptyFacts());
  // Customers are counted once whatever the currency, and the range counts its own (not the sum of its periods).
  const users = (facts: PeriodFacts, bucket: string | null) =>
    Object.assign(facts, { activeUsers: rows.events.find((row) => row.bucket === bucket)?.customers ?? 0 });
  const all = buckets.map((bucket, i) =>
    users(
      [...byCurrency.values()].reduce((sum, f) => together(sum, f[i]), emptyFacts()),
      bucket,
    ),
  );
  const figures = (mine: PeriodFacts[], every: PeriodFacts[]) => ({
    periods: periods.map((period, i) => periodOutput(chosen, period, query.timezone, mine[i], every[i])),
    totals: values(chosen, users(mine.reduce(followedBy), null), users(every.reduce(followedBy), null)),
  });
  return {
    ...figures(own, all),
    metrics: Object.fromEntries(chosen.map((m): [string, Metric] => [m.slug, metricOutput(m)])),
    currency: query.currency,
    currencies: Object.fromEntries([...byCurrency].map(([c, facts]) => [c, figures(facts, facts)])),
  };
}

/** Usage events' costs are in cents of USD (`_cost`). */
const COST_CURRENCY = 'usd';

const rowsIn = (rows: CurrencyRows, currency: string): CurrencyRows => ({
  orders: rows.orders.filter((r) => r.currency === currency),
  checkouts: rows.checkouts.filter((r) => r.currency === currency),
  subscriptions: rows.subscriptions.filter((r) => r.currency === currency),
  events: rows.events.map((r) => ({ ...r, costs: currency === COST_CURRENCY ? r.costs : 0 })),
});

const values = (chosen: MetricDefinition[], own: PeriodFacts, all: PeriodFacts): MetricsTotals =>
  Object.fromEntries(chosen.map((m) => [m.slug, m.value(own, all)]));

function periodOutput(
  chosen: MetricDefinition[],
  period: Period,
  timezone: string,
  own: PeriodFacts,
  all: PeriodFacts,
): MetricPeriod {
  return { timestamp: isoInZone(period.start, timezone), ...values(chosen, own, all) } as MetricPeriod;
}

const metricOutput = (m: MetricDefinition): Metric => ({ slug: m.slug, display_name: m.display_name, type: m.type });
