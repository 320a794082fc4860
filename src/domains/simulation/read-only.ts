// The real books are read in a READ ONLY transaction: PostgreSQL itself refuses any write a simulation might attempt.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

export function readOnly<T>(orm: MikroORM, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute('set transaction read only');
    return work(em);
  });
}
