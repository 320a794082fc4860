// What every list endpoint does to its query builder: metadata filters, sorting criteria in order, one page.
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import {
  pageOffset,
  paginationOf,
  parseSortCriterion,
  type PageRequest,
  type Pagination,
} from '../../kernel/pagination';

/** `metadata[key]=v1&metadata[key]=v2`: any listed value of a key matches; every key must match. */
export function whereMetadata<T extends object>(
  qb: QueryBuilder<T>,
  alias: string,
  metadata: Record<string, string[]>,
): void {
  for (const [key, values] of Object.entries(metadata)) qb.andWhere(`${alias}.metadata ->> ? in (?)`, [key, values]);
}

/** Applies `sorting` (`field` or `-field`) in order, then the id, so pages never overlap. */
export function orderBySorting<T extends object, F extends string>(
  qb: QueryBuilder<T>,
  sorting: readonly (F | `-${F}`)[],
  columns: Record<F, string>,
): void {
  const order = sorting.map((value) => {
    const { field, direction } = parseSortCriterion<F>(value);
    return { [columns[field]]: direction };
  });
  qb.orderBy([...order, { id: 'asc' }]);
}

/** A list read with raw SQL (joins the ORM does not know): `from` and `where` (and-ed, with `params`), then `sorting`. */
export interface RawListQuery<F extends string> {
  select: string;
  from: string;
  where: readonly string[];
  params: readonly unknown[];
  sorting: readonly (F | `-${F}`)[];
  /** The SQL expression each sort field orders by (nulls last). */
  columns: Record<F, string>;
  /** The unique column that breaks ties, so pages never overlap. */
  id: string;
}

/** One page of a raw-SQL list and the count of all its rows. */
export async function rawListPage<R extends object, F extends string>(
  em: EntityManager,
  query: RawListQuery<F>,
  page: PageRequest,
): Promise<{ items: R[]; pagination: Pagination }> {
  const from = `from ${query.from} where ${query.where.join(' and ')}`;
  const order = query.sorting.map((value) => {
    const { field, direction } = parseSortCriterion<F>(value);
    return `${query.columns[field]} ${direction} nulls last`;
  });
  const sql = `select ${query.select} ${from} order by ${[...order, `${query.id} asc`].join(', ')} limit ? offset ?`;
  const items = await em.execute<R[]>(sql, [...query.params, page.limit, pageOffset(page)]);
  const [{ total }] = await em.execute<{ total: number }[]>(`select count(*)::int as total ${from}`, [...query.params]);
  return { items, pagination: paginationOf(total, page.limit) };
}

/**
 * The page, then the count of every row, each from its own query builder made by `query` (the count without sorting).
 * Not `qb.getResultAndCount()`: its two deep clones of the builder cost more CPU than building it twice.
 */
export async function listPage<T extends object>(
  query: (purpose: 'page' | 'count') => QueryBuilder<T>,
  page: PageRequest,
): Promise<{ items: T[]; pagination: Pagination }> {
  const items = await query('page').limit(page.limit).offset(pageOffset(page)).getResultList();
  const total = await query('count').getCount();
  return { items, pagination: paginationOf(total, page.limit) };
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
