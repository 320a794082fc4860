import { pageOffset, paginationOf, parseSortCriterion } from '../../src/kernel/pagination';

test.each([
  // total, limit, max_page
  [0, 10, 0],
  [1, 10, 1],
  [10, 10, 1],
  [11, 10, 2],
  [105, 10, 11],
  [105, 100, 2],
  [100, 100, 1],
  [7, 1, 7],
])('%i items at limit %i make %i pages', (total, limit, maxPage) => {
  expect(paginationOf(total, limit)).toEqual({ total_count: total, max_page: maxPage });
});

test.each([
  [1, 10, 0],
  [2, 10, 10],
  [11, 10, 100],
  [3, 100, 200],
])('page %i at limit %i skips %i items', (page, limit, offset) => {
  expect(pageOffset({ page, limit })).toBe(offset);
});

test.each([
  ['created_at', { field: 'created_at', direction: 'asc' }],
  ['-created_at', { field: 'created_at', direction: 'desc' }],
  ['-name', { field: 'name', direction: 'desc' }],
])('sorting %s', (value, expected) => {
  expect(parseSortCriterion(value)).toEqual(expected);
});
