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

/** How long a scrape waits for a reading: a scrape answers even when the database or its pool is saturated. */
export const SCRAPE_READ_TIMEOUT_MS = 2_000;

/**
 * Gauges set from one reading per environment, taken once per scrape for all of them (the registry collects its
 * metrics side by side: the gauges' concurrent collects share the reading in flight). An environment whose reading
 * fails (its database down) or takes longer than SCRAPE_READ_TIMEOUT_MS (no connection free) is left out of the
 * scrape rather than failing or holding it.
 */
function gaugesOf<T>(
  readers: Map<EnvironmentLabel, () => Promise<T>>,
  gauges: { name: string; help: string; value: (reading: T) => number }[],
): void {
  let inFlight: Promise<[EnvironmentLabel, T | null][]> | null = null;
  const readAll = () =>
    (inFlight ??= Promise.all(
      [...readers].map(async ([environment, read]) => [environment, await boundedRead(read)] as const),
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

/** The reading, or null once it failed or SCRAPE_READ_TIMEOUT_MS passed (what it waits for then is left to finish). */
async function boundedRead<T>(read: () => Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SCRAPE_READ_TIMEOUT_MS)));
  try {
    return await Promise.race([read().catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A query read at scrape time, in a transaction of its own whose `statement_timeout` is SCRAPE_READ_TIMEOUT_MS: once
 * the scrape stopped waiting for it, PostgreSQL stops running it too.
 */
export function scrapeQuery<T extends object>(orm: MikroORM, sql: string): Promise<T[]> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute(`set local statement_timeout = ${SCRAPE_READ_TIMEOUT_MS}`);
    return em.execute<T[]>(sql);
  });
}

/** The outbox backlog of an environment's database, read at each scrape (an index covers the undispatched rows). */
export function watchOutbox(environment: EnvironmentLabel, orm: MikroORM): void {
  outboxes.set(environment, async () => {
    const [row] = await scrapeQuery<{ pending: string; age: number | null }>(
      orm,
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
