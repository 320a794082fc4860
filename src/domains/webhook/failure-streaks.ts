// The enabled endpoints' failure streaks (deliveries failed for good in a row), read when Prometheus scrapes.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FailureStreaks } from '../../platform/prometheus';

export async function readFailureStreaks(orm: MikroORM): Promise<FailureStreaks> {
  const [row] = await orm.em.fork().execute<{ failing: string; longest: number | null }[]>(
    `select count(*) filter (where consecutive_failures > 0) as failing, max(consecutive_failures) as longest
     from webhook_endpoint where enabled and deleted_at is null`,
  );
  return { failing: Number(row.failing), longest: row.longest ?? 0 };
}
