// Revenue metrics (the reference's MetricsResponse, MetricsLimits and MetricDashboard shapes), with Bursar's additions:
// MRR movements, trials, refunds and tax, and the figures of every currency.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { TimeInterval } from './meter-quantities';
import { MAX_RANGE } from './meter-quantities-range';
import { ProductBillingType } from './order-list-query';
import { queryMany, queryOne } from './query-params';
import { Currency } from './catalog-common';
import { TimeZone } from './time-zone';

export const MetricType = z.enum(['scalar', 'currency', 'currency_sub_cent', 'percentage']).meta({ id: 'MetricType' });
export type MetricType = z.infer<typeof MetricType>;

export const Metric = z
  .object({ slug: z.string(), display_name: z.string(), type: MetricType })
  .meta({ id: 'Metric', description: 'Information about a metric.' });
export type Metric = z.infer<typeof Metric>;

/** One period's figures: every metric by its slug, in minor units for amounts and as a fraction for rates. */
export const MetricPeriod = z.object({ timestamp: Timestamp }).catchall(z.number()).meta({ id: 'MetricPeriod' });
export type MetricPeriod = z.infer<typeof MetricPeriod>;

export const MetricsTotals = z.record(z.string(), z.number()).meta({ id: 'MetricsTotals' });
export type MetricsTotals = z.infer<typeof MetricsTotals>;

export const CurrencyMetrics = z
  .object({ periods: z.array(MetricPeriod), totals: MetricsTotals })
  .meta({ id: 'CurrencyMetrics', description: 'The figures of the facts in one currency only.' });
export type CurrencyMetrics = z.infer<typeof CurrencyMetrics>;

export const MetricsResponse = z
  .object({
    periods: z.array(MetricPeriod),
    totals: MetricsTotals,
    metrics: z.record(z.string(), Metric),
    currency: z.string().describe('The currency of the amounts in `periods` and `totals`.'),
    currencies: z
      .record(z.string(), CurrencyMetrics)
      .describe('Per currency with facts in the range: every metric over that currency alone.'),
  })
  .meta({ id: 'MetricsResponse', description: 'Metrics response schema.' });
export type MetricsResponse = z.infer<typeof MetricsResponse>;

/** A calendar day PostgreSQL can count from and to (its dates start in 4713 BC; there is no year 0). */
const RfcDate = z.iso.date().refine((day) => day >= '1900-01-01' && day <= '9998-12-31', {
  message: 'Date should be between 1900-01-01 and 9998-12-31',
});

export const MetricsQuery = z
  .object({
    start_date: queryOne(RfcDate),
    end_date: queryOne(RfcDate),
    interval: queryOne(TimeInterval),
    timezone: queryOne(TimeZone.default('UTC')),
    organization_id: queryMany(Uuid),
    product_id: queryMany(Uuid),
    billing_type: queryMany(ProductBillingType),
    customer_id: queryMany(Uuid),
    metrics: queryMany(z.string().min(1).max(100)),
    currency: queryOne(Currency.optional()),
  })
  .superRefine((query, ctx) => {
    const start = new Date(`${query.start_date}T00:00:00Z`);
    const end = new Date(`${query.end_date}T00:00:00Z`);
    if (!query.interval || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return;
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['end_date'], message });
    if (end < start) issue('end_date must not be before start_date');
    else if (end >= MAX_RANGE[query.interval].after(start)) {
      issue(`With interval=${query.interval}, the range covers at most ${MAX_RANGE[query.interval].label}`);
    }
  })
  .meta({ id: 'MetricsQuery' });
export type MetricsQuery = z.infer<typeof MetricsQuery>;

export const MetricsIntervalLimit = z
  .object({ min_days: z.int(), max_days: z.int() })
  .meta({ id: 'MetricsIntervalLimit' });

export const MetricsLimits = z
  .object({
    min_date: z.string(),
    intervals: z.object({
      hour: MetricsIntervalLimit,
      day: MetricsIntervalLimit,
      week: MetricsIntervalLimit,
      month: MetricsIntervalLimit,
      year: MetricsIntervalLimit,
    }),
  })
  .meta({ id: 'MetricsLimits', description: 'Date limits to get metrics.' });
export type MetricsLimits = z.infer<typeof MetricsLimits>;

export const MetricDashboard = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    name: z.string(),
    metrics: z.array(z.string()),
    organization_id: Uuid,
  })
  .meta({ id: 'MetricDashboardSchema', description: 'A user-defined metrics dashboard.' });
export type MetricDashboard = z.infer<typeof MetricDashboard>;

const DashboardName = z.string().trim().min(1).max(256);
const DashboardMetrics = z.array(z.string().min(1).max(100)).max(100);

export const MetricDashboardCreate = z
  .object({ name: DashboardName, metrics: DashboardMetrics.default([]), organization_id: Uuid.nullish() })
  .meta({ id: 'MetricDashboardCreate' });
export type MetricDashboardCreate = z.infer<typeof MetricDashboardCreate>;

export const MetricDashboardUpdate = z
  .object({ name: DashboardName.nullish(), metrics: DashboardMetrics.nullish() })
  .meta({ id: 'MetricDashboardUpdate' });
export type MetricDashboardUpdate = z.infer<typeof MetricDashboardUpdate>;

export const MetricDashboardListQuery = z.object({ organization_id: queryMany(Uuid) });
