// The list pages (orders, subscriptions, products, customers, license keys) are read without the ORM's identity map:
// every item of a page must be exactly what the single-item GET (read through the ORM) answers, in the unversioned
// shape and the newest version, and a page must cost the same few SQL statements whatever its size.
import type { EntityManager } from '@mikro-orm/postgresql';
import { countSql, sqlSince } from '../../bench/measure/sql-counter';
import { startHarness, type TestHarness } from '../support/harness';
import { seedListData } from '../support/list-data';

let h: TestHarness;
let token: string;
let em: EntityManager;

const NEWEST = { 'Polar-Version': '2027-01' };
const VERSIONS: [string, Record<string, string>][] = [
  ['unversioned', {}],
  ['2027-01', NEWEST],
];

// Each list, several pages of it (filters and sorting included), and how its items are read one by one.
// `statements`: at most that many per page, the token's lookup included (the related rows are read together, in one
// statement per round of reads that depend on each other).
const LISTS: { name: string; pages: string[]; one: (id: string) => string; statements: number; without?: string }[] = [
  {
    name: 'orders',
    statements: 4,
    pages: [
      '/v1/orders/?limit=100',
      '/v1/orders/?sorting=-amount&limit=5&page=2',
      '/v1/orders/?product_billing_type=one_time',
    ],
    one: (id) => `/v1/orders/${id}`,
  },
  {
    name: 'subscriptions',
    statements: 7,
    pages: [
      '/v1/subscriptions/?limit=100',
      '/v1/subscriptions/?active=false',
      '/v1/subscriptions/?sorting=amount&limit=3',
    ],
    one: (id) => `/v1/subscriptions/${id}`,
  },
  {
    name: 'products',
    statements: 5, // the fifth: which of the page's products some record holds (`is_deletable`), one statement
    pages: [
      '/v1/products/?limit=100',
      '/v1/products/?is_recurring=true&sorting=price_amount',
      '/v1/products/?is_archived=true',
    ],
    one: (id) => `/v1/products/${id}`,
  },
  {
    name: 'customers',
    statements: 2,
    pages: ['/v1/customers/?limit=100', '/v1/customers/?sorting=email&limit=4', '/v1/customers/?metadata[tier]=gold'],
    one: (id) => `/v1/customers/${id}`,
  },
  {
    name: 'license keys',
    statements: 3,
    pages: ['/v1/license-keys/?limit=100', '/v1/license-keys/?status=revoked'],
    one: (id) => `/v1/license-keys/${id}`,
    without: 'activations', // the single key's GET adds its activations
  },
];

/** `path` with its `limit` and `page` set. */
function paged(path: string, limit: number, page: number): string {
  const url = new URL(path, 'http://list');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await h.request('GET', path, { token, headers });
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  h = await startHarness();
  const org = await h.organization([
    'products:read',
    'products:write',
    'benefits:write',
    'meters:write',
    'discounts:write',
    'customers:read',
    'customers:write',
    'orders:read',
    'subscriptions:read',
    'license_keys:read',
  ]);
  token = org.token;
  em = h.env.production.orm.em.fork();
  const seed = (round: number) =>
    seedListData(
      async (method, path, json) => {
        const response = await h.request(method, path, { token, json });
        expect([200, 201, 204]).toContain(response.status);
        return response.body;
      },
      em,
      org.id,
      round,
    );
  // The statements of each list's full page, then the same data once more: pages twice as long must cost the same.
  await seed(1);
  countSql();
  for (const list of LISTS) firstPages.set(list.name, await statementsOf(list.pages[0]));
  await seed(2);
}, 120_000);
afterAll(() => h.close());

const firstPages = new Map<string, { statements: number; items: number }>();

async function statementsOf(path: string) {
  await get(path); // warm: a first request may read more (the token's organization, …)
  const before = { ...countSql() };
  const page = await get(path);
  return { statements: sqlSince(before).statements, items: page.items.length };
}

describe.each(LISTS)('GET the $name list', ({ name, pages, one, statements, without }) => {
  test.each(VERSIONS)('every item of every page is the single GET of its id (%s)', async (_version, headers) => {
    let compared = 0;
    for (const path of pages) {
      const page = await get(path, headers);
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) {
        const single = await get(one(item.id), headers);
        if (without) delete single[without];
        expect(item).toStrictEqual(single);
        expect(Object.keys(item)).toEqual(Object.keys(single));
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(5);
  });

  test('the pagination counts every row the filters let through, also past the last page', async () => {
    for (const path of [pages[0], pages[pages.length - 1]]) {
      const all = await get(paged(path, 100, 1));
      const total = all.items.length;
      expect(total).toBeGreaterThan(0);
      expect(all.pagination).toStrictEqual({ total_count: total, max_page: Math.ceil(total / 100) });
      const second = await get(paged(path, 1, 2));
      expect(second.pagination).toStrictEqual({ total_count: total, max_page: total });
      expect(second.items.map((item: { id: string }) => item.id)).toEqual(total > 1 ? [all.items[1].id] : []);
      const past = await get(paged(path, 2, 999));
      expect(past).toStrictEqual({ items: [], pagination: { total_count: total, max_page: Math.ceil(total / 2) } });
    }
  });

  test('a page costs the same few SQL statements whatever its size', async () => {
    const first = firstPages.get(name)!;
    const twice = await statementsOf(pages[0]);
    expect(first.items).toBeGreaterThanOrEqual(3);
    expect(twice.items).toBe(first.items * 2);
    expect(twice.statements).toBe(first.statements);
    expect(twice.statements).toBeLessThanOrEqual(statements);
    console.log(`${pages[0]}: ${twice.statements} SQL statements per page of ${twice.items}`);
  });
});

// Found by the fuzzer: a filter's values reach the page's statement as bound values, never as SQL text to parse again.
test.each(LISTS.map((list) => list.pages[0]))(
  '%s filtered by values holding ? and quotes answers 200',
  async (path) => {
    const filters = "metadata[k%3F]=a%3Fb&metadata[k%3F]=c'%3F&query=%3F%22'";
    const separator = path.includes('?') ? '&' : '?';
    const response = await h.request('GET', `${path}${separator}${filters}`, { token });
    expect(response.status).toBe(200);
  },
);
