// `GET /v1/metrics/limits`: the earliest date with anything to count, and each interval's longest range.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MetricsLimits } from '../../contracts/metrics';
import { MAX_RANGE } from '../../contracts/meter-quantities-range';
import type { TimeInterval } from '../../contracts/meter-quantities';

const DAY_MS = 86_400_000;

/** The organization's creation, or its earliest fact when a test clock put one before it. */
export async function metricsLimits(em: EntityManager, organization: { id: string; createdAt: Date }) {
  const [row] = await em.execute<{ first: Date | null }[]>(
    'select min(at) as first from metric_fact where organization_id = ?',
    [organization.id],
  );
  const first =
    row?.first && new Date(row.first) < organization.createdAt ? new Date(row.first) : organization.createdAt;
  const longest = (interval: TimeInterval) => {
    const start = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate()));
    return Math.round((MAX_RANGE[interval].after(start).getTime() - start.getTime()) / DAY_MS);
  };
  const limit = (interval: TimeInterval) => ({ min_days: 0, max_days: longest(interval) });
  return {
    min_date: first.toISOString().slice(0, 10),
    intervals: {
      hour: limit('hour'),
      day: limit('day'),
      week: limit('week'),
      month: limit('month'),
      year: limit('year'),
    },
  } satisfies MetricsLimits;
}
