// The enabled endpoints' failure streaks (deliveries failed for good in a row), read when Prometheus scrapes: only the
// endpoints on a streak are read, within the scrape's time bound.
import type { MikroORM } from '@mikro-orm/postgresql';
import { scrapeQuery, type FailureStreaks } from '../../platform/prometheus';

export async function readFailureStreaks(orm: MikroORM): Promise<FailureStreaks> {
  const [row] = await scrapeQuery<{ failing: string; longest: number | null }>(
    orm,
    `select count(*) as failing, max(consecutive_failures) as longest
     from webhook_endpoint where consecutive_failures > 0 and enabled and deleted_at is null`,
  );
  return { failing: Number(row.failing), longest: row.longest ?? 0 };
}
