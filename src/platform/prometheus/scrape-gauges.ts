// Gauges read when Prometheus scrapes, one reading per environment this process serves: the outbox's backlog (this
// platform's table) and the webhook endpoints' failure streaks (read by the webhook module, which owns that table).
import type { MikroORM } from '@mikro-orm/postgresql';
import { Gauge } from 'prom-client';
import { registry, type EnvironmentLabel } from './registry';

export interface OutboxBacklog {
  pending: number;
  /** Age of the oldest undispatched message; 0 when none waits. */
  oldestAgeSeconds: number;
}

export interface FailureStreaks {
  /** Enabled endpoints whose last delivery failed for good. */
  failing: number;
  /** The longest run of deliveries failed for good in a row, over the enabled endpoints. */
  longest: number;
}

const outboxes = new Map<EnvironmentLabel, () => Promise<OutboxBacklog>>();
const endpoints = new Map<EnvironmentLabel, () => Promise<FailureStreaks>>();

/**
 * Gauges set from one reading per environment, taken once per scrape for all of them (the registry collects its
 * metrics side by side: the gauges' concurrent collects share the reading in flight). An environment whose reading
 * fails (its database down) is left out of the scrape rather than failing it.
 */
function gaugesOf<T>(
  readers: Map<EnvironmentLabel, () => Promise<T>>,
  gauges: { name: string; help: string; value: (reading: T) => number }[],
): void {
  let inFlight: Promise<[EnvironmentLabel, T | null][]> | null = null;
  const readAll = () =>
    (inFlight ??= Promise.all(
      [...readers].map(async ([environment, read]) => [environment, await read().catch(() => null)] as const),
    ).finally(() => (inFlight = null)) as Promise<[EnvironmentLabel, T | null][]>);
  for (const { name, help, value } of gauges)
    new Gauge({
      name,
      help,
      labelNames: ['environment'],
      registers: [registry],
      async collect() {
        const readings = await readAll();
        this.reset();
        for (const [environment, reading] of readings) if (reading) this.set({ environment }, value(reading));
      },
    });
}

gaugesOf(outboxes, [
  {
    name: 'bursar_outbox_pending_messages',
    help: 'Outbox messages (workflow starts, webhook events) not dispatched yet.',
    value: (backlog) => backlog.pending,
  },
  {
    name: 'bursar_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox message not dispatched yet (0 when none waits): how far dispatch lags.',
    value: (backlog) => backlog.oldestAgeSeconds,
  },
]);

gaugesOf(endpoints, [
  {
    name: 'bursar_webhook_endpoints_failing',
    help: 'Enabled webhook endpoints whose latest delivery failed for good (a failure streak of one or more).',
    value: (streaks) => streaks.failing,
  },
  {
    name: 'bursar_webhook_endpoint_failure_streak_max',
    help: 'The longest failure streak of an enabled webhook endpoint (deliveries failed for good in a row).',
    value: (streaks) => streaks.longest,
  },
]);

/** The outbox backlog of an environment's database, read at each scrape (an index covers the undispatched rows). */
export function watchOutbox(environment: EnvironmentLabel, orm: MikroORM): void {
  outboxes.set(environment, async () => {
    const [row] = await orm.em.fork().execute<{ pending: string; age: number | null }[]>(
      `select count(*) as pending, extract(epoch from now() - min(created_at))::float8 as age
       from outbox_message where dispatched_at is null`,
    );
    return { pending: Number(row.pending), oldestAgeSeconds: Math.max(0, row.age ?? 0) };
  });
}

/** How an environment's webhook endpoints' failure streaks are read at each scrape. */
export function watchWebhookEndpoints(environment: EnvironmentLabel, read: () => Promise<FailureStreaks>): void {
  endpoints.set(environment, read);
}
