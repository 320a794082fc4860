// One request or one activity = one transaction; work registered with `afterCommit` runs only once it committed.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

export interface Tx {
  em: EntityManager;
  afterCommit(task: () => Promise<void>): void;
}

export async function inTransaction<T>(orm: MikroORM, work: (tx: Tx) => Promise<T>): Promise<T> {
  const tasks: (() => Promise<void>)[] = [];
  const result = await orm.em.fork().transactional((em) => work({ em, afterCommit: (task) => tasks.push(task) }));
  // The work has committed: a failing follow-up is logged (the outbox relay retries it), never reported as a failure.
  for (const task of tasks) await task().catch((error) => console.error('after-commit task failed:', error));
  return result;
}
