// The meter filter and aggregation as SQL (src/adapters/events/meter-sql.ts), evaluated by PostgreSQL over five
// hand-made events, against answers worked out by hand from the table below.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { aggregateSql } from '../../src/adapters/events/meter-aggregation-sql';
import { filterSql } from '../../src/adapters/events/meter-sql';
import { environmentDatabaseUrl } from '../../src/platform/config';
import { openDatabase } from '../../src/app/database';
import type { FilterClause, MeterFilter } from '../../src/contracts/meter-filter';
import type { MeterAggregation } from '../../src/contracts/meter-aggregation';
import { TEST_DATABASE_URL } from '../support/test-env';

const T1 = 1767225600; // 2026-01-01T00:00:00Z
const T3 = 1767312000; // 2026-01-02T00:00:00Z

// label, name, source, timestamp, metadata
const EVENTS: [string, string, string, string, Record<string, unknown>][] = [
  [
    'e1',
    'api_call',
    'user',
    '2026-01-01T00:00:00Z',
    { tokens: 5, model: 'gpt-4', _llm: { total_tokens: 100 }, flag: true },
  ],
  [
    'e2',
    'api_call',
    'system',
    '2026-01-01T00:00:10.700Z',
    { tokens: '5', model: 'claude-3', _llm: { total_tokens: 250 }, flag: false },
  ],
  [
    'e3',
    'llm.completion',
    'user',
    '2026-01-02T00:00:00Z',
    { tokens: 12, model: 'gpt-4o', _llm: { total_tokens: '300' } },
  ],
  ['e4', 'upload', 'user', '2026-01-03T00:00:00Z', { size: 7.5, tokens: null, model: 5 }],
  ['e5', 'API_CALL', 'user', '2026-01-04T00:00:00Z', {}],
];

let orm: MikroORM;
const organizationId = randomUUID();

beforeAll(async () => {
  orm = await openDatabase(environmentDatabaseUrl(TEST_DATABASE_URL, 'production'), 2);
  for (const [label, name, source, timestamp, metadata] of EVENTS) {
    await orm.em
      .fork()
      .execute(
        `insert into event (id, organization_id, "timestamp", ingested_at, name, source, metadata) values (?, ?, ?, now(), ?, ?, ?::jsonb)`,
        [randomUUID(), organizationId, timestamp, name, source, JSON.stringify({ ...metadata, label })],
      );
  }
});
afterAll(() => orm.close());

async function matching(filter: MeterFilter): Promise<string[]> {
  const where = filterSql(filter, 'e');
  const rows = await orm.em
    .fork()
    .execute<{ label: string }[]>(
      `select e.metadata->>'label' as label from event e where e.organization_id = ? and ${where.sql} order by 1`,
      [organizationId, ...where.params],
    );
  return rows.map((row) => row.label);
}

const clause = (property: string, operator: FilterClause['operator'], value: FilterClause['value']): MeterFilter => ({
  conjunction: 'and',
  clauses: [{ property, operator, value }],
});

const ALL = ['e1', 'e2', 'e3', 'e4', 'e5'];

describe('a single clause', () => {
  test.each<[string, FilterClause['operator'], FilterClause['value'], string[]]>([
    // name: strings compared byte-wise; `like` is a case-sensitive "contains"
    ['name', 'eq', 'api_call', ['e1', 'e2']],
    ['name', 'ne', 'api_call', ['e3', 'e4', 'e5']],
    ['name', 'like', 'call', ['e1', 'e2']],
    ['name', 'not_like', 'call', ['e3', 'e4', 'e5']],
    ['name', 'like', '%', []],
    ['name', 'gt', 'b', ['e3', 'e4']],
    ['name', 'lt', 'b', ['e1', 'e2', 'e5']],
    ['name', 'gte', 'upload', ['e4']],
    ['name', 'lte', 'API_CALL', ['e5']],
    ['name', 'eq', 5, []],
    ['name', 'ne', 5, []],
    ['name', 'ne', true, []],
    // source
    ['source', 'eq', 'system', ['e2']],
    ['source', 'ne', 'system', ['e1', 'e3', 'e4', 'e5']],
    ['source', 'like', 'sys', ['e2']],
    // timestamp: whole unix seconds (10.7 s after T1 is T1 + 10)
    ['timestamp', 'eq', T1, ['e1']],
    ['timestamp', 'eq', T1 + 10, ['e2']],
    ['timestamp', 'eq', T1 + 11, []],
    ['timestamp', 'ne', T1, ['e2', 'e3', 'e4', 'e5']],
    ['timestamp', 'gt', T1, ['e2', 'e3', 'e4', 'e5']],
    ['timestamp', 'gte', T3, ['e3', 'e4', 'e5']],
    ['timestamp', 'lt', T3, ['e1', 'e2']],
    ['timestamp', 'lte', T3, ['e1', 'e2', 'e3']],
    ['timestamp', 'eq', String(T1), []],
    ['timestamp', 'like', '17', []],
    // metadata numbers: a string "5" is not the number 5, JSON null and missing keys never match, not even `ne`
    ['tokens', 'eq', 5, ['e1']],
    ['tokens', 'eq', '5', ['e2']],
    ['tokens', 'ne', 5, ['e3']],
    ['tokens', 'ne', '5', []],
    ['tokens', 'gt', 5, ['e3']],
    ['tokens', 'gte', 5, ['e1', 'e3']],
    ['tokens', 'lt', 12, ['e1']],
    ['tokens', 'lte', 12, ['e1', 'e3']],
    ['tokens', 'like', 5, []],
    ['metadata.tokens', 'eq', 12, ['e3']],
    ['size', 'gt', 7, ['e4']],
    ['size', 'lt', 8, ['e4']],
    ['size', 'eq', 7, []],
    // nested paths, with and without the `metadata.` prefix
    ['_llm.total_tokens', 'gte', 100, ['e1', 'e2']],
    ['_llm.total_tokens', 'lt', 200, ['e1']],
    ['metadata._llm.total_tokens', 'eq', '300', ['e3']],
    ['metadata._llm.total_tokens', 'ne', 100, ['e2']],
    ['_llm', 'eq', 100, []],
    // metadata strings
    ['model', 'like', 'gpt', ['e1', 'e3']],
    ['model', 'not_like', 'gpt', ['e2']],
    ['model', 'eq', 5, ['e4']],
    ['model', 'gt', 'claude', ['e1', 'e2', 'e3']],
    ['model', 'lte', 'gpt-4', ['e1', 'e2']],
    // booleans
    ['flag', 'eq', true, ['e1']],
    ['flag', 'eq', false, ['e2']],
    ['flag', 'ne', true, ['e2']],
    ['flag', 'eq', 'true', []],
    // a key no event has
    ['nope', 'eq', 1, []],
    ['nope', 'ne', 1, []],
    ['nope', 'not_like', 'a', []],
  ])('%s %s %p', async (property, operator, value, expected) => {
    expect(await matching(clause(property, operator, value))).toEqual(expected);
  });
});

describe('conjunctions', () => {
  test.each<[string, MeterFilter, string[]]>([
    ['an empty and', { conjunction: 'and', clauses: [] }, ALL],
    ['an empty or', { conjunction: 'or', clauses: [] }, ALL],
    [
      'and of two',
      {
        conjunction: 'and',
        clauses: [
          { property: 'name', operator: 'eq', value: 'api_call' },
          { property: 'tokens', operator: 'eq', value: 5 },
        ],
      },
      ['e1'],
    ],
    [
      'or of two',
      {
        conjunction: 'or',
        clauses: [
          { property: 'source', operator: 'eq', value: 'system' },
          { property: 'model', operator: 'eq', value: 5 },
        ],
      },
      ['e2', 'e4'],
    ],
    [
      'and containing an or',
      {
        conjunction: 'and',
        clauses: [
          { property: 'name', operator: 'eq', value: 'api_call' },
          {
            conjunction: 'or',
            clauses: [
              { property: 'tokens', operator: 'eq', value: 5 },
              { property: 'source', operator: 'eq', value: 'system' },
            ],
          },
        ],
      },
      ['e1', 'e2'],
    ],
    [
      'or containing an and',
      {
        conjunction: 'or',
        clauses: [
          { property: 'name', operator: 'eq', value: 'upload' },
          {
            conjunction: 'and',
            clauses: [
              { property: 'model', operator: 'like', value: 'gpt' },
              { property: 'tokens', operator: 'gt', value: 10 },
            ],
          },
        ],
      },
      ['e3', 'e4'],
    ],
    [
      'an empty nested or inside an and',
      {
        conjunction: 'and',
        clauses: [
          { property: 'name', operator: 'eq', value: 'api_call' },
          { conjunction: 'or', clauses: [] },
        ],
      },
      ['e1', 'e2'],
    ],
    [
      'three levels',
      {
        conjunction: 'or',
        clauses: [
          {
            conjunction: 'and',
            clauses: [
              { property: 'source', operator: 'eq', value: 'user' },
              { conjunction: 'or', clauses: [{ property: '_llm.total_tokens', operator: 'gt', value: 50 }] },
            ],
          },
          { property: 'name', operator: 'eq', value: 'API_CALL' },
        ],
      },
      ['e1', 'e5'],
    ],
  ])('%s', async (_, filter, expected) => {
    expect(await matching(filter)).toEqual(expected);
  });
});

describe('aggregations', () => {
  async function aggregate(
    aggregation: MeterAggregation,
    filter: MeterFilter = { conjunction: 'and', clauses: [] },
  ): Promise<number> {
    const where = filterSql(filter, 'e');
    const value = aggregateSql(aggregation, 'e');
    const [row] = await orm.em
      .fork()
      .execute<{ q: string }[]>(`select ${value.sql} as q from event e where e.organization_id = ? and ${where.sql}`, [
        ...value.params,
        organizationId,
        ...where.params,
      ]);
    return Number(row!.q);
  }

  test.each<[string, MeterAggregation, number]>([
    ['count', { func: 'count' }, 5],
    // tokens: 5, "5" (not a number), 12, null, missing → 5 and 12
    ['sum tokens', { func: 'sum', property: 'tokens' }, 17],
    ['max tokens', { func: 'max', property: 'tokens' }, 12],
    ['min tokens', { func: 'min', property: 'tokens' }, 5],
    ['avg tokens', { func: 'avg', property: 'tokens' }, 8.5],
    // _llm.total_tokens: 100, 250, "300" → 100 and 250
    ['sum _llm.total_tokens', { func: 'sum', property: '_llm.total_tokens' }, 350],
    ['avg metadata._llm.total_tokens', { func: 'avg', property: 'metadata._llm.total_tokens' }, 175],
    ['sum of a fraction', { func: 'sum', property: 'size' }, 7.5],
    ['sum of a property no event has', { func: 'sum', property: 'nope' }, 0],
    ['avg of a property no event has', { func: 'avg', property: 'nope' }, 0],
    ['max of strings only', { func: 'max', property: 'label' }, 0],
    // model: "gpt-4", "claude-3", "gpt-4o", 5 → 4 distinct values
    ['unique model', { func: 'unique', property: 'model' }, 4],
    // tokens: 5 and "5" differ, JSON null and missing are no value → 3
    ['unique tokens', { func: 'unique', property: 'tokens' }, 3],
    ['unique name', { func: 'unique', property: 'name' }, 4],
    ['unique source', { func: 'unique', property: 'source' }, 2],
    ['unique nested', { func: 'unique', property: '_llm.total_tokens' }, 3],
  ])('%s', async (_, aggregation, expected) => {
    expect(await aggregate(aggregation)).toBe(expected);
  });

  test('over filtered events, and over none', async () => {
    const apiCalls = clause('name', 'eq', 'api_call');
    expect(await aggregate({ func: 'count' }, apiCalls)).toBe(2);
    expect(await aggregate({ func: 'sum', property: 'tokens' }, apiCalls)).toBe(5);
    expect(await aggregate({ func: 'avg', property: '_llm.total_tokens' }, apiCalls)).toBe(175);
    expect(await aggregate({ func: 'unique', property: 'flag' }, apiCalls)).toBe(2);
    const none = clause('name', 'eq', 'nothing');
    expect(await aggregate({ func: 'count' }, none)).toBe(0);
    expect(await aggregate({ func: 'sum', property: 'tokens' }, none)).toBe(0);
    expect(await aggregate({ func: 'unique', property: 'model' }, none)).toBe(0);
  });
});
