// One request or one activity = one transaction; work registered with `afterCommit` runs only once it committed.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { logger } from '../logging/logger';

export interface Tx {
  em: EntityManager;
  afterCommit(task: () => Promise<void>): void;
  /**
   * Work to run in the transaction once the caller's work is done, just before it commits (in the order registered;
   * a task may register more). Optional: a transaction without it runs such work after commit instead.
   */
  beforeCommit?(task: () => Promise<void>): void;
}

export async function inTransaction<T>(orm: MikroORM, work: (tx: Tx) => Promise<T>): Promise<T> {
  const tasks: (() => Promise<void>)[] = [];
  const result = await orm.em.fork().transactional(async (em) => {
    const before: (() => Promise<void>)[] = [];
    const done = await work({ em, afterCommit: (task) => tasks.push(task), beforeCommit: (task) => before.push(task) });
    for (let i = 0; i < before.length; i++) await before[i]();
    return done;
  });
  // The work has committed: the follow-ups (outbox dispatches, independent of each other) run side by side; a failing
  // one is logged (the outbox relay retries it), never reported as a failure.
  await Promise.all(
    tasks.map((task) => task().catch((error) => logger().error({ err: error }, 'after-commit task failed'))),
  );
  return result;
}

/**
 * For a read that changed nothing (a list page): empties the identity map, so the commit has no entities to compare
 * for changes — for a page of 20 items with their embedded records, that comparison was over a quarter of the request's CPU.
 */
export function forgetReadEntities(tx: Tx): void {
  tx.em.clear();
}
