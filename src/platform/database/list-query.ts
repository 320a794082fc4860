// What every list endpoint does to its query builder: metadata filters, sorting criteria in order, one page.
import type { QueryBuilder } from '@mikro-orm/postgresql';
import { pageOffset, paginationOf, parseSortCriterion, type PageRequest, type Pagination } from '../../kernel/pagination';

/** `metadata[key]=v1&metadata[key]=v2`: any listed value of a key matches; every key must match. */
export function whereMetadata<T extends object>(qb: QueryBuilder<T>, alias: string, metadata: Record<string, string[]>): void {
  for (const [key, values] of Object.entries(metadata)) qb.andWhere(`${alias}.metadata ->> ? in (?)`, [key, values]);
}

/** Applies `sorting` (`field` or `-field`) in order, then the id, so pages never overlap. */
export function orderBySorting<T extends object, F extends string>(qb: QueryBuilder<T>, sorting: readonly (F | `-${F}`)[], columns: Record<F, string>): void {
  const order = sorting.map((value) => {
    const { field, direction } = parseSortCriterion<F>(value);
    return { [columns[field]]: direction };
  });
  qb.orderBy([...order, { id: 'asc' }]);
}

export async function listPage<T extends object>(qb: QueryBuilder<T>, page: PageRequest): Promise<{ items: T[]; pagination: Pagination }> {
  qb.limit(page.limit).offset(pageOffset(page));
  const [items, total] = await qb.getResultAndCount();
  return { items, pagination: paginationOf(total, page.limit) };
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
