// Page-window math of every list endpoint: `page` starts at 1, `limit` defaults to 10 and caps at 100.

export const DEFAULT_PAGE_LIMIT = 10;
export const MAX_PAGE_LIMIT = 100;

export interface PageRequest {
  page: number;
  limit: number;
}

export interface Pagination {
  total_count: number;
  max_page: number;
}

export function pageOffset({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

export function paginationOf(totalCount: number, limit: number): Pagination {
  return { total_count: totalCount, max_page: Math.ceil(totalCount / limit) };
}

/** A `sorting` value such as `-created_at`: the field and its direction. */
export interface SortCriterion<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

export function parseSortCriterion<F extends string>(value: F | `-${F}`): SortCriterion<F> {
  return value.startsWith('-')
    ? { field: value.slice(1) as F, direction: 'desc' }
    : { field: value as F, direction: 'asc' };
}
