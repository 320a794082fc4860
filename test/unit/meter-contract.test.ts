import { MeterCreate } from '../../src/contracts/meter-request';
import { MeterListQuery } from '../../src/contracts/meter-list-query';

const base = { name: 'Tokens', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } };

test.each([
  ['count', { func: 'count' }],
  ['sum', { func: 'sum', property: 'tokens' }],
  ['unique', { func: 'unique', property: 'user' }],
  ['avg', { func: 'avg', property: 'ms' }],
])('aggregation %s is accepted', (_name, aggregation) => {
  expect(MeterCreate.safeParse({ ...base, aggregation }).success).toBe(true);
});

test.each([
  ['unknown func', { func: 'median', property: 'x' }],
  ['property missing', { func: 'max' }],
  ['empty property', { func: 'min', property: '' }],
])('aggregation with %s is refused', (_name, aggregation) => {
  expect(MeterCreate.safeParse({ ...base, aggregation }).success).toBe(false);
});

test.each([
  [{ property: 'n', operator: 'eq', value: 'x' }, true],
  [{ property: 'n', operator: 'not_like', value: 'x' }, true],
  [{ property: 'n', operator: 'gt', value: 2147483647 }, true],
  [{ property: 'n', operator: 'gt', value: 2147483648 }, false],
  [{ property: 'n', operator: 'eq', value: true }, true],
  [{ property: 'n', operator: 'eq', value: 1.5 }, false],
  [{ property: 'n', operator: 'eq', value: null }, false],
  [{ property: 'n', operator: 'eq', value: 'x'.repeat(1001) }, false],
  [{ property: 'n', operator: 'in', value: 'x' }, false],
  [
    { conjunction: 'or', clauses: [{ conjunction: 'and', clauses: [{ property: 'n', operator: 'lte', value: 3 }] }] },
    true,
  ],
])('clause %j valid: %s', (clause, valid) => {
  expect(MeterCreate.safeParse({ ...base, filter: { conjunction: 'and', clauses: [clause] } }).success).toBe(valid);
});

test('list query defaults and repeated parameters', () => {
  expect(MeterListQuery.parse({ metadata: {} })).toEqual({
    page: 1,
    limit: 10,
    sorting: ['-created_at'],
    metadata: {},
  });
  const parsed = MeterListQuery.parse({
    page: ['2'],
    limit: ['5', '20'],
    sorting: ['name', '-created_at'],
    is_archived: ['false'],
    metadata: { a: ['1', '2'] },
  });
  expect(parsed).toMatchObject({
    page: 2,
    limit: 20,
    sorting: ['name', '-created_at'],
    is_archived: false,
    metadata: { a: ['1', '2'] },
  });
});
