// Meters end to end over HTTP: create, read, update, archive, list (pagination, sorting, filters) and bad input.
import { Meter, MeterList } from '../../src/contracts/meter';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };

const meter = (overrides: Record<string, unknown> = {}) => ({
  name: 'API requests',
  filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.request' }] },
  aggregation: { func: 'count' },
  ...overrides,
});

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['meters:read', 'meters:write']);
});
afterAll(() => h.close());

const post = (json: unknown, token = org.token) => h.request('POST', '/v1/meters/', { token, json });
const list = (query: string, token = org.token) => h.request('GET', `/v1/meters/?${query}`, { token });

describe('create and read', () => {
  test('every aggregation and nested filters are stored and returned in the Meter shape', async () => {
    const aggregations = [
      { func: 'count' },
      { func: 'sum', property: 'tokens' },
      { func: 'max', property: 'tokens' },
      { func: 'min', property: 'tokens' },
      { func: 'avg', property: 'latency_ms' },
      { func: 'unique', property: 'user_id' },
    ];
    const filter = {
      conjunction: 'or',
      clauses: [
        { property: 'name', operator: 'like', value: 'llm.' },
        {
          conjunction: 'and',
          clauses: [
            { property: 'tokens', operator: 'gte', value: 10 },
            { property: 'cached', operator: 'ne', value: true },
          ],
        },
      ],
    };
    for (const aggregation of aggregations) {
      const created = await post(
        meter({ aggregation, filter, unit: 'token', metadata: { team: 'ai', tier: 2, beta: true } }),
      );
      expect(created.status).toBe(201);
      expect(legacy(Meter).parse(created.body)).toBeTruthy();
      expect(created.body).toMatchObject({
        aggregation,
        filter,
        unit: 'token',
        organization_id: org.id,
        archived_at: null,
        modified_at: null,
      });
      const read = await h.request('GET', `/v1/meters/${created.body.id}`, { token: org.token });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
    }
  });

  test('defaults: unit scalar, empty metadata; the organization comes from the token', async () => {
    const created = await post(meter({ organization_id: org.id }));
    expect(created.body).toMatchObject({
      unit: 'scalar',
      metadata: {},
      custom_label: null,
      custom_multiplier: null,
      organization_id: org.id,
    });
  });

  test('naming another organization in the body is refused', async () => {
    const other = await h.organization(['meters:read']);
    const created = await post(meter({ organization_id: other.id }));
    expect(created.status).toBe(422);
    expect(created.body.detail[0].loc).toEqual(['body', 'organization_id']);
  });

  test('an unknown id is 404; a malformed id is 422 on the path', async () => {
    const missing = await h.request('GET', '/v1/meters/00000000-0000-4000-8000-000000000000', { token: org.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ResourceNotFound');
    const malformed = await h.request('GET', '/v1/meters/abc', { token: org.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['path', 'id']);
  });
});

describe('update and archive', () => {
  test('PATCH changes only what it names, and is_archived archives and restores', async () => {
    const created = await post(
      meter({ custom_label: 'call', unit: 'custom', custom_multiplier: 1000, metadata: { a: '1' } }),
    );
    const id = created.body.id;
    const renamed = await h.request('PATCH', `/v1/meters/${id}`, {
      token: org.token,
      json: { name: 'Calls', custom_label: null },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Calls',
      custom_label: null,
      custom_multiplier: 1000,
      unit: 'custom',
      metadata: { a: '1' },
    });
    expect(renamed.body.modified_at).not.toBeNull();

    const archived = await h.request('PATCH', `/v1/meters/${id}`, { token: org.token, json: { is_archived: true } });
    expect(archived.body.archived_at).not.toBeNull();
    const restored = await h.request('PATCH', `/v1/meters/${id}`, { token: org.token, json: { is_archived: false } });
    expect(restored.body.archived_at).toBeNull();
  });

  test('PATCH validates like create', async () => {
    const created = await post(meter());
    const bad = await h.request('PATCH', `/v1/meters/${created.body.id}`, {
      token: org.token,
      json: { aggregation: { func: 'median', property: 'x' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'aggregation', 'func']);
  });
});

describe('bad input is a 4xx in the problem-details shape, never a 500', () => {
  test("malformed JSON is a 400 BadRequest (the spec's error table)", async () => {
    const response = await h.request('POST', '/v1/meters/', {
      token: org.token,
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'BadRequest', status: 400, type: 'urn:bursar:error:bad-request' });
    expect(response.body.detail).toMatch(/not valid JSON/);
    expect(response.body.request_id).toBe(response.headers.get('x-request-id'));
  });

  test.each([
    ['an empty body', '', [['body']], 'missing'],
    ['a JSON array', '[]', [['body']], 'invalid_type'],
  ])('%s', async (_name, rawBody, locs, type) => {
    const response = await h.request('POST', '/v1/meters/', {
      token: org.token,
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      error: 'RequestValidationError',
      status: 422,
      type: 'urn:bursar:error:request-validation-error',
    });
    expect(response.body.detail.map((d: { loc: unknown }) => d.loc)).toEqual(locs);
    expect(response.body.detail[0].type).toBe(type);
    expect(response.body.request_id).toBe(response.headers.get('x-request-id'));
  });

  test.each([
    ['a wrong type', { name: 42 }, ['body', 'name']],
    ['a too short name', { name: 'ab' }, ['body', 'name']],
    ['an unknown unit', { unit: 'liters' }, ['body', 'unit']],
    ['an unknown conjunction', { filter: { conjunction: 'xor', clauses: [] } }, ['body', 'filter', 'conjunction']],
    [
      'an unknown operator',
      { filter: { conjunction: 'and', clauses: [{ property: 'a', operator: 'between', value: 1 }] } },
      ['body', 'filter', 'clauses', 0],
    ],
    [
      'a fractional clause value',
      { filter: { conjunction: 'and', clauses: [{ property: 'a', operator: 'eq', value: 1.5 }] } },
      ['body', 'filter', 'clauses', 0],
    ],
    ['an unknown aggregation', { aggregation: { func: 'median' } }, ['body', 'aggregation', 'func']],
    ['a sum without a property', { aggregation: { func: 'sum' } }, ['body', 'aggregation', 'property']],
    ['a nested metadata value', { metadata: { a: { b: 1 } } }, ['body', 'metadata', 'a']],
    ['a missing filter', { filter: undefined }, ['body', 'filter']],
  ])('%s', async (_name, overrides, loc) => {
    const response = await post(meter(overrides));
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc, msg: expect.any(String), type: expect.any(String) })]),
    );
  });

  test.each([
    ['page=0', ['query', 'page']],
    ['page=abc', ['query', 'page']],
    ['page=99999999999999999&limit=100', ['query', 'page']],
    ['limit=101', ['query', 'limit']],
    ['limit=1.5', ['query', 'limit']],
    ['sorting=size', ['query', 'sorting', 0]],
    ['is_archived=maybe', ['query', 'is_archived']],
    ['organization_id=not-a-uuid', ['query', 'organization_id', 0]],
    ['query=a%00b', ['query', 'query']],
    ['metadata%5Bk%5D=%00', ['query', 'metadata[k]']],
  ])('query %s', async (query, loc) => {
    const response = await list(query);
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(loc);
  });

  test.each([
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"meter"'],
    [
      'a filter nested 10,000 levels deep',
      `{"name":"Deep","aggregation":{"func":"count"},"filter":${'{"conjunction":"and","clauses":['.repeat(10_000)}${']}'.repeat(10_000)}}`,
    ],
    [
      'a huge integer',
      '{"name":"Big","filter":{"conjunction":"and","clauses":[{"property":"a","operator":"eq","value":1e400}]},"aggregation":{"func":"count"}}',
    ],
    [
      'a NUL character in the name',
      '{"name":"bad\\u0000name","filter":{"conjunction":"and","clauses":[]},"aggregation":{"func":"count"}}',
    ],
  ])('%s is a 4xx, not a 500', async (_name, rawBody) => {
    const response = await h.request('POST', '/v1/meters/', { token: org.token, rawBody });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.error).toEqual(expect.any(String));
  });

  test('application/problem+json is served when asked for', async () => {
    const response = await h.request('POST', '/v1/meters/', {
      token: org.token,
      rawBody: '{',
      headers: { accept: 'application/problem+json' },
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const plain = await h.request('POST', '/v1/meters/', { token: org.token, rawBody: '{' });
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('a non-JSON content type is 415, an oversized body 413', async () => {
    const text = await h.request('POST', '/v1/meters/', {
      token: org.token,
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const huge = await post(meter({ metadata: { blob: 'x'.repeat(400) }, name: 'n'.repeat(2_000_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('PayloadTooLarge');
  });

  test('an unsupported method is 405, an unknown path 404', async () => {
    expect((await h.request('DELETE', '/v1/meters/', { token: org.token })).status).toBe(405);
    expect((await h.request('GET', '/v1/nothing-here', { token: org.token })).status).toBe(404);
  });
});

describe('list', () => {
  let listing: { id: string; token: string };
  const names: string[] = [];

  beforeAll(async () => {
    listing = await h.organization(['meters:read', 'meters:write']);
    for (let i = 0; i < 105; i++) {
      const name = `Meter ${String((i * 37) % 105).padStart(3, '0')}`; // creation order differs from name order
      names.push(name);
      const created = await post(
        meter({ name, metadata: { parity: i % 2 ? 'odd' : 'even', bucket: i % 5, hot: i < 3 } }),
        listing.token,
      );
      expect(created.status).toBe(201);
    }
  });

  test('pagination over more than 100 meters: total_count, max_page and windows', async () => {
    const first = await list('page=1&limit=10', listing.token);
    expect(legacy(MeterList).parse(first.body)).toBeTruthy();
    expect(first.body.pagination).toEqual({ total_count: 105, max_page: 11 });
    expect(first.body.items).toHaveLength(10);

    const last = await list('page=11&limit=10', listing.token);
    expect(last.body.items).toHaveLength(5);
    const beyond = await list('page=12&limit=10', listing.token);
    expect(beyond.body.items).toEqual([]);
    expect(beyond.body.pagination).toEqual({ total_count: 105, max_page: 11 });

    const all = await list('limit=100', listing.token);
    expect(all.body.pagination).toEqual({ total_count: 105, max_page: 2 });
    const rest = await list('limit=100&page=2', listing.token);
    const ids = [...all.body.items, ...rest.body.items].map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(105);

    const defaults = await list('', listing.token);
    expect(defaults.body.items).toHaveLength(10);
    expect(defaults.body.pagination.max_page).toBe(11);
  });

  test('sorting: default newest first, by name both ways, several criteria in order', async () => {
    const newest = await list('limit=100', listing.token);
    const created = newest.body.items.map((m: { created_at: string }) => m.created_at);
    expect(created).toEqual([...created].sort().reverse());

    const byName = await list('limit=100&sorting=name', listing.token);
    expect(byName.body.items.map((m: { name: string }) => m.name)).toEqual([...names].sort().slice(0, 100));
    const byNameDesc = await list('limit=5&sorting=-name', listing.token);
    expect(byNameDesc.body.items.map((m: { name: string }) => m.name)).toEqual([...names].sort().reverse().slice(0, 5));

    // Two meters share a name: the second criterion orders them.
    const twinA = await post(meter({ name: 'Twin' }), listing.token);
    const twinB = await post(meter({ name: 'Twin' }), listing.token);
    const asc = await list('query=Twin&sorting=name&sorting=created_at', listing.token);
    expect(asc.body.items.map((m: { id: string }) => m.id)).toEqual([twinA.body.id, twinB.body.id]);
    const desc = await list('query=Twin&sorting=name&sorting=-created_at', listing.token);
    expect(desc.body.items.map((m: { id: string }) => m.id)).toEqual([twinB.body.id, twinA.body.id]);
    for (const twin of [twinA, twinB])
      await h.request('PATCH', `/v1/meters/${twin.body.id}`, { token: listing.token, json: { is_archived: true } });
  });

  test('metadata filters: one value, several values of one key (any), several keys (all), typed values as text', async () => {
    const odd = await list('limit=100&metadata%5Bparity%5D=odd', listing.token);
    expect(odd.body.pagination.total_count).toBe(52);
    const buckets = await list('metadata[bucket]=1&metadata[bucket]=2', listing.token);
    expect(buckets.body.pagination.total_count).toBe(42);
    const both = await list('metadata[bucket]=1&metadata[parity]=odd', listing.token);
    expect(both.body.pagination.total_count).toBe(11);
    const hot = await list('metadata[hot]=true', listing.token);
    expect(hot.body.pagination.total_count).toBe(3);
    const none = await list('metadata[missing]=x', listing.token);
    expect(none.body.pagination.total_count).toBe(0);
  });

  test('query (name), is_archived and organization_id filters', async () => {
    const byName = await list('query=meter%2000', listing.token);
    expect(byName.body.pagination.total_count).toBe(10);
    const wildcard = await list('query=%25', listing.token);
    expect(wildcard.body.pagination.total_count).toBe(0);

    const archivedBefore = await list('is_archived=true', listing.token);
    expect(archivedBefore.body.pagination.total_count).toBe(2);
    const active = await list('is_archived=false', listing.token);
    expect(active.body.pagination.total_count).toBe(105);

    const own = await list(`organization_id=${listing.id}&organization_id=${org.id}`, listing.token);
    expect(own.body.pagination.total_count).toBe(107);
    const foreign = await list(`organization_id=${org.id}`, listing.token);
    expect(foreign.body.pagination.total_count).toBe(0);
  });
});
