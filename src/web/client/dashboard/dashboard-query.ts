// What the dashboard asks for: a range, an interval, the viewer's time zone and a currency; the default range of each
// interval fits the API's limit for it (7 days of hours … 10 years of years), so changing the interval never fails.
import type { MetricsResponse } from '../../../contracts/metrics';

export const INTERVALS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

export interface DashboardQuery {
  start_date: string;
  end_date: string;
  interval: Interval;
  timezone: string;
  /** null: the organization's default currency. */
  currency: string | null;
}

/** Today in `timezone` as YYYY-MM-DD. */
export function today(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(now);
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The range shown when `interval` is picked: the last 2 days, 30 days, 12 weeks, 12 months or 5 years to `end`. */
export function defaultRange(interval: Interval, end: string): { start_date: string; end_date: string } {
  const [year, month] = end.split('-').map(Number);
  const starts: Record<Interval, string> = {
    hour: shift(end, -1),
    day: shift(end, -29),
    week: shift(end, -83),
    month: new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10),
    year: `${year - 4}-01-01`,
  };
  return { start_date: starts[interval], end_date: end };
}

export function dataPath(token: string, query: DashboardQuery): string {
  const params = new URLSearchParams({
    token,
    start_date: query.start_date,
    end_date: query.end_date,
    interval: query.interval,
    timezone: query.timezone,
  });
  if (query.currency) params.set('currency', query.currency);
  return `/dashboard/metrics/data?${params}`;
}

/** A period's start as a reader names it in the query's time zone ("Mar 2026", "Mar 4", "Mar 4, 14:00", "2026"). */
export function periodLabel(timestamp: string, interval: Interval, timezone: string, locale: string): string {
  const options: Record<Interval, Intl.DateTimeFormatOptions> = {
    hour: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    day: { month: 'short', day: 'numeric' },
    week: { year: 'numeric', month: 'short', day: 'numeric' },
    month: { year: 'numeric', month: 'short' },
    year: { year: 'numeric' },
  };
  return new Intl.DateTimeFormat(locale, { ...options[interval], timeZone: timezone }).format(new Date(timestamp));
}

/** The figures shown: `periods` and `totals` in the chosen currency (the response's own). */
export type Figures = Pick<MetricsResponse, 'periods' | 'totals' | 'currency'>;
