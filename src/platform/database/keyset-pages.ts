// An organization's rows read in pages by (created_at, id), oldest first, each page in its own short-lived entity
// manager: an export of any size holds one page in memory and no transaction open between pages.
import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager, MikroORM, QueryBuilder } from '@mikro-orm/postgresql';

export const EXPORT_PAGE_SIZE = 500;

/**
 * Pages of the rows `where` selects (on a query aliased `alias`). The next page starts after the last row's
 * (created_at, id) as the database holds it (microseconds, which a JavaScript date would round away).
 */
export async function* keysetPages<T extends { id: string }>(
  orm: MikroORM,
  entity: EntityClass<T>,
  alias: string,
  where: (qb: QueryBuilder<T>) => void,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<{ em: EntityManager; rows: T[] }> {
  const table = orm.getMetadata().get(entity.name).tableName;
  let after: string | null = null;
  for (;;) {
    const em = orm.em.fork();
    const qb = em.createQueryBuilder(entity, alias);
    where(qb);
    if (after)
      qb.andWhere(`(${alias}.created_at, ${alias}.id) > ((select created_at from "${table}" where id = ?), ?)`, [
        after,
        after,
      ]);
    const rows = await qb
      .orderBy([{ createdAt: 'asc' }, { id: 'asc' }] as never)
      .limit(pageSize)
      .getResultList();
    if (!rows.length) return;
    yield { em, rows };
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].id;
  }
}
