// Reading events back over HTTP: the list's filters, sorting and pages, the meter filter, one event, event names and
// event types (and relabelling them), another organization's events out of sight, and the scopes each route needs.
import { EventList, UserEvent } from '../../src/contracts/event';
import { EventNameList } from '../../src/contracts/event-name';
import { EventType, EventTypeList } from '../../src/contracts/event-type';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };
let customer: { id: string };
const ids: Record<string, string> = {};

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

/** The fixture: one customer, nine events over nine minutes, a small tree (run → step → tool). */
const EVENTS = [
  { key: 'a', name: 'api.call', minute: 0, metadata: { route: '/a', status: 200 } },
  { key: 'b', name: 'api.call', minute: 1, metadata: { route: '/b', status: 500 } },
  { key: 'c', name: 'api.call', minute: 2, metadata: { route: '/a', status: 404, region: 'eu' } },
  { key: 'd', name: 'llm.tokens', minute: 3, metadata: { tokens: 100, model: 'small' } },
  { key: 'e', name: 'llm.tokens', minute: 4, metadata: { tokens: 900, model: 'large', premium: true } },
  { key: 'f', name: 'storage.gb', minute: 5, metadata: { gb: 2 }, external: 'ext-only' },
  { key: 'run', name: 'agent.run', minute: 6, metadata: {} },
  { key: 'step', name: 'agent.step', minute: 7, metadata: {}, parent: 'run' },
  { key: 'tool', name: 'agent.tool', minute: 8, metadata: {}, parent: 'step' },
];

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['events:read', 'events:write', 'meters:write', 'customers:write']);
  customer = (
    await h.request('POST', '/v1/customers/', {
      token: org.token,
      json: { email: 'reader@example.com', external_id: 'cust-1' },
    })
  ).body;
  const sent = await h.request('POST', '/v1/events/ingest', {
    token: org.token,
    json: {
      events: EVENTS.map((e) => ({
        name: e.name,
        timestamp: at(e.minute),
        external_id: e.key,
        metadata: e.metadata,
        ...(e.parent && { parent_id: e.parent }),
        ...(e.external ? { external_customer_id: e.external } : { customer_id: customer.id }),
      })),
    },
  });
  expect(sent.body).toEqual({ inserted: EVENTS.length, duplicates: 0 });
  const rows = await h.env.production.orm.em
    .fork()
    .execute<{ id: string; external_id: string }[]>('select id, external_id from event where organization_id = ?', [
      org.id,
    ]);
  for (const row of rows) ids[row.external_id] = row.id;
});
afterAll(() => h.close());

const list = (query: string, token = org.token) => h.request('GET', `/v1/events/?${query}`, { token });
/** The fixture keys of a list answer, in its order. */
const keys = (body: { items: UserEvent[] }) => body.items.map((e) => Object.keys(ids).find((k) => ids[k] === e.id));
const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('GET /v1/events/', () => {
  test('newest first by default, oldest first with sorting=timestamp; pages are windows with the full count', async () => {
    const all = await list('limit=100');
    expect(legacy(EventList).parse(all.body)).toBeTruthy();
    expect(keys(all.body)).toEqual(['tool', 'step', 'run', 'f', 'e', 'd', 'c', 'b', 'a']);
    expect(keys((await list('sorting=timestamp&limit=100')).body)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'run',
      'step',
      'tool',
    ]);
    const page2 = await list('sorting=timestamp&limit=4&page=2');
    expect(keys(page2.body)).toEqual(['e', 'f', 'run', 'step']);
    expect(page2.body.pagination).toEqual({ total_count: 9, max_page: 3 });
    expect((await list('limit=4&page=4')).body.items).toEqual([]);
  });

  test('an event as the API shows it: customer embedded, label from its type, its children counted', async () => {
    const body = (await list('name=agent.run')).body;
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toEqual({
      id: ids.run,
      timestamp: at(6),
      organization_id: org.id,
      customer_id: customer.id,
      customer: expect.objectContaining({
        id: customer.id,
        email: 'reader@example.com',
        external_id: 'cust-1',
        organization_id: org.id,
      }),
      external_customer_id: 'cust-1',
      member_id: null,
      external_member_id: null,
      child_count: 1,
      parent_id: null,
      label: 'agent.run',
      name: 'agent.run',
      source: 'user',
      metadata: {},
    });
    const orphan = (await list('name=storage.gb')).body.items[0];
    expect(orphan).toMatchObject({
      customer_id: null,
      customer: null,
      external_customer_id: 'ext-only',
      child_count: 0,
    });
  });

  test('customer, external customer, name (repeated), source and time-range filters', async () => {
    expect((await list(`customer_id=${customer.id}&limit=100`)).body.pagination.total_count).toBe(8);
    expect(keys((await list('external_customer_id=ext-only')).body)).toEqual(['f']);
    expect(keys((await list('external_customer_id=ext-only&external_customer_id=cust-1&limit=100')).body)).toHaveLength(
      9,
    );
    const named = await list('name=llm.tokens&name=storage.gb&sorting=timestamp&limit=2');
    expect(keys(named.body)).toEqual(['d', 'e']);
    expect(named.body.pagination).toEqual({ total_count: 3, max_page: 2 });
    expect((await list('source=user')).body.pagination.total_count).toBe(9);
    expect((await list('source=system')).body.pagination.total_count).toBe(0);
    // start inclusive, end exclusive
    const range = await list(
      `start_timestamp=${encodeURIComponent(at(2))}&end_timestamp=${encodeURIComponent(at(5))}&sorting=timestamp`,
    );
    expect(keys(range.body)).toEqual(['c', 'd', 'e']);
    expect(keys((await list('query=TOKEN&sorting=timestamp')).body)).toEqual(['d', 'e']);
    expect((await list('organization_id=00000000-0000-4000-8000-000000000000')).body.pagination.total_count).toBe(0);
    expect((await list(`organization_id=${org.id}`)).body.pagination.total_count).toBe(9);
  });

  test('metadata[key]=value: several values of a key match any, several keys must all match; numbers and booleans as text', async () => {
    expect(keys((await list('metadata[route]=/a&sorting=timestamp')).body)).toEqual(['a', 'c']);
    expect(keys((await list('metadata[status]=200&metadata[status]=500&sorting=timestamp')).body)).toEqual(['a', 'b']);
    expect(keys((await list('metadata[route]=/a&metadata[status]=404')).body)).toEqual(['c']);
    expect(keys((await list('metadata[premium]=true')).body)).toEqual(['e']);
    expect((await list('metadata[route]=/nowhere')).body.items).toEqual([]);
  });

  test('filter: a meter filter as JSON (nested, typed); malformed JSON or a bad clause is 422 on query.filter', async () => {
    const filter = {
      conjunction: 'or',
      clauses: [
        { property: 'tokens', operator: 'gt', value: 500 },
        {
          conjunction: 'and',
          clauses: [
            { property: 'name', operator: 'eq', value: 'api.call' },
            { property: 'status', operator: 'gte', value: 404 },
          ],
        },
      ],
    };
    expect(keys((await list(`filter=${enc(filter)}&sorting=timestamp`)).body)).toEqual(['b', 'c', 'e']);
    // a string never equals a number: type mismatch, no match
    const mismatch = { conjunction: 'and', clauses: [{ property: 'status', operator: 'eq', value: '200' }] };
    expect((await list(`filter=${enc(mismatch)}`)).body.items).toEqual([]);
    for (const bad of [
      '{not json',
      enc({ conjunction: 'xor', clauses: [] }),
      enc({ conjunction: 'and', clauses: [{ property: 'x', operator: 'eq', value: 1.5 }] }),
      // a NUL the JSON escape decodes (the query text itself has none): refused once parsed, never sent to the database
      encodeURIComponent('{"conjunction":"and","clauses":[{"property":"name","operator":"eq","value":"a\\u0000"}]}'),
    ]) {
      const refused = await list(`filter=${bad}`);
      expect(refused.status).toBe(422);
      expect(refused.body.detail[0].loc.slice(0, 2)).toEqual(['query', 'filter']);
    }
  });

  test("meter_id applies that meter's filter (with the other filters); an unknown meter is 404", async () => {
    const meter = await h.request('POST', '/v1/meters/', {
      token: org.token,
      json: {
        name: 'Large model tokens',
        filter: { conjunction: 'and', clauses: [{ property: 'model', operator: 'eq', value: 'large' }] },
        aggregation: { func: 'sum', property: 'tokens' },
      },
    });
    expect(meter.status).toBe(201);
    expect(keys((await list(`meter_id=${meter.body.id}`)).body)).toEqual(['e']);
    expect((await list(`meter_id=${meter.body.id}&name=api.call`)).body.items).toEqual([]);
    const unknown = await list('meter_id=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ResourceNotFound');
    expect((await list('meter_id=nope')).status).toBe(422);
  });

  test('parent_id alone: direct children; depth: roots (0) or roots and descendants; parent_id with depth: that subtree', async () => {
    expect(keys((await list(`parent_id=${ids.run}`)).body)).toEqual(['step']);
    expect(keys((await list(`parent_id=${ids.run}&depth=0`)).body)).toEqual(['run']);
    expect(keys((await list(`parent_id=${ids.run}&depth=1&sorting=timestamp`)).body)).toEqual(['run', 'step']);
    expect(keys((await list(`parent_id=${ids.run}&depth=5&sorting=timestamp`)).body)).toEqual(['run', 'step', 'tool']);
    expect(keys((await list('depth=0&sorting=timestamp&limit=100')).body)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'run',
    ]);
    expect(keys((await list('depth=1&sorting=timestamp&limit=100')).body)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'run',
      'step',
    ]);
    expect((await list('depth=2&limit=100')).body.pagination.total_count).toBe(9);
    expect((await list('depth=-1')).status).toBe(422);
  });

  test('bad query parameters are 422 naming the parameter, never 500', async () => {
    for (const [query, param] of [
      ['sorting=name', 'sorting'],
      ['start_timestamp=yesterday', 'start_timestamp'],
      ['customer_id=abc', 'customer_id'],
      ['source=robot', 'source'],
      ['limit=101', 'limit'],
      ['page=0', 'page'],
      ['depth=abc', 'depth'],
    ] as const) {
      const refused = await list(query);
      expect(refused.status).toBe(422);
      expect(refused.body.detail[0].loc.slice(0, 2)).toEqual(['query', param]);
    }
  });
});

describe('GET /v1/events/{id}', () => {
  test('the event with its children counted; an unknown id is 404, a malformed one 422', async () => {
    const read = await h.request('GET', `/v1/events/${ids.step}`, { token: org.token });
    expect(read.status).toBe(200);
    expect(legacy(UserEvent).parse(read.body)).toBeTruthy();
    expect(read.body).toMatchObject({
      id: ids.step,
      parent_id: ids.run,
      child_count: 1,
      customer: { id: customer.id },
    });
    expect(
      (await h.request('GET', '/v1/events/00000000-0000-4000-8000-000000000000', { token: org.token })).status,
    ).toBe(404);
    expect((await h.request('GET', '/v1/events/abc', { token: org.token })).status).toBe(422);
  });
});

describe('event names and event types', () => {
  test('names with their occurrences and first and last seen, sorted and searched', async () => {
    const names = await h.request('GET', '/v1/events/names?sorting=name&limit=100', { token: org.token });
    expect(legacy(EventNameList).parse(names.body)).toBeTruthy();
    expect(names.body.items.map((n: { name: string }) => n.name)).toEqual([
      'agent.run',
      'agent.step',
      'agent.tool',
      'api.call',
      'llm.tokens',
      'storage.gb',
    ]);
    expect(names.body.items[3]).toEqual({
      name: 'api.call',
      label: 'api.call',
      source: 'user',
      occurrences: 3,
      first_seen: at(0),
      last_seen: at(2),
    });
    const byOccurrences = await h.request('GET', '/v1/events/names?sorting=-occurrences&limit=2', { token: org.token });
    expect(byOccurrences.body.items.map((n: { name: string; occurrences: number }) => [n.name, n.occurrences])).toEqual(
      [
        ['api.call', 3],
        ['llm.tokens', 2],
      ],
    );
    expect(byOccurrences.body.pagination).toEqual({ total_count: 6, max_page: 3 });
    const searched = await h.request('GET', '/v1/events/names?query=agent', { token: org.token });
    expect(searched.body.pagination.total_count).toBe(3);
    // only the customer's events counted
    const ofExternal = await h.request('GET', '/v1/events/names?external_customer_id=ext-only', { token: org.token });
    expect(ofExternal.body.items).toEqual([
      { name: 'storage.gb', label: 'storage.gb', source: 'user', occurrences: 1, first_seen: at(5), last_seen: at(5) },
    ]);
    const ofCustomer = await h.request('GET', `/v1/events/names?customer_id=${customer.id}&limit=100`, {
      token: org.token,
    });
    expect(ofCustomer.body.pagination.total_count).toBe(5);
    expect((await h.request('GET', '/v1/events/names?sorting=label', { token: org.token })).status).toBe(422);
  });

  test('event types with their counters, narrowed to root events or to one parent', async () => {
    const types = await h.request('GET', '/v1/event-types/?sorting=name&limit=100', { token: org.token });
    expect(legacy(EventTypeList).parse(types.body)).toBeTruthy();
    expect(types.body.items).toHaveLength(6);
    expect(types.body.items[0]).toMatchObject({
      name: 'agent.run',
      label: 'agent.run',
      label_property_selector: null,
      organization_id: org.id,
      source: 'user',
      occurrences: 1,
      first_seen: at(6),
      last_seen: at(6),
    });
    const roots = await h.request('GET', '/v1/event-types/?root_events=true&sorting=name&limit=100', {
      token: org.token,
    });
    expect(roots.body.items.map((t: { name: string }) => t.name)).toEqual([
      'agent.run',
      'api.call',
      'llm.tokens',
      'storage.gb',
    ]);
    const underRun = await h.request('GET', `/v1/event-types/?parent_id=${ids.run}`, { token: org.token });
    expect(underRun.body.items.map((t: { name: string }) => t.name)).toEqual(['agent.step']);
  });

  test('PATCH relabels a type (its events show the label, or the metadata value the selector points at)', async () => {
    const types = await h.request('GET', '/v1/event-types/?query=llm', { token: org.token });
    const llmType = types.body.items[0];
    const patched = await h.request('PATCH', `/v1/event-types/${llmType.id}`, {
      token: org.token,
      json: { label: 'LLM tokens' },
    });
    expect(patched.status).toBe(200);
    expect(legacy(EventType).parse(patched.body)).toBeTruthy();
    expect(patched.body).toMatchObject({
      id: llmType.id,
      name: 'llm.tokens',
      label: 'LLM tokens',
      label_property_selector: null,
    });
    expect(patched.body.modified_at).not.toBeNull();
    expect((await list('name=llm.tokens')).body.items.map((e: UserEvent) => e.label)).toEqual([
      'LLM tokens',
      'LLM tokens',
    ]);
    expect((await h.request('GET', '/v1/events/names?query=llm', { token: org.token })).body.items[0].label).toBe(
      'LLM tokens',
    );
    // searched by label too
    expect(
      (await h.request('GET', '/v1/event-types/?query=LLM%20tok', { token: org.token })).body.pagination.total_count,
    ).toBe(1);

    const selected = await h.request('PATCH', `/v1/event-types/${llmType.id}`, {
      token: org.token,
      json: { label: 'LLM tokens', label_property_selector: 'model' },
    });
    expect(selected.body.label_property_selector).toBe('model');
    expect((await list('name=llm.tokens&sorting=timestamp')).body.items.map((e: UserEvent) => e.label)).toEqual([
      'small',
      'large',
    ]);
    const cleared = await h.request('PATCH', `/v1/event-types/${llmType.id}`, {
      token: org.token,
      json: { label: 'Tokens', label_property_selector: null },
    });
    expect(cleared.body).toMatchObject({ label: 'Tokens', label_property_selector: null });

    for (const body of [{}, { label: '' }, { label: 'x'.repeat(129) }]) {
      expect((await h.request('PATCH', `/v1/event-types/${llmType.id}`, { token: org.token, json: body })).status).toBe(
        422,
      );
    }
    expect(
      (
        await h.request('PATCH', '/v1/event-types/00000000-0000-4000-8000-000000000000', {
          token: org.token,
          json: { label: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('isolation and scopes', () => {
  test('another organization sees none of these events, names or types, and cannot read or relabel them by id', async () => {
    const other = await h.organization(['events:read', 'events:write']);
    expect((await list('limit=100', other.token)).body).toEqual({
      items: [],
      pagination: { total_count: 0, max_page: 0 },
    });
    expect((await h.request('GET', '/v1/events/names', { token: other.token })).body.items).toEqual([]);
    expect((await h.request('GET', '/v1/event-types/', { token: other.token })).body.items).toEqual([]);
    const read = await h.request('GET', `/v1/events/${ids.a}`, { token: other.token });
    expect(read.status).toBe(404);
    expect(read.body.error).toBe('ResourceNotFound');
    const ourType = (await h.request('GET', '/v1/event-types/?query=storage', { token: org.token })).body.items[0];
    const relabel = await h.request('PATCH', `/v1/event-types/${ourType.id}`, {
      token: other.token,
      json: { label: 'hijacked' },
    });
    expect(relabel.status).toBe(404);
    expect((await h.request('GET', `/v1/event-types/?query=storage`, { token: org.token })).body.items[0].label).toBe(
      'storage.gb',
    );
    expect((await list(`customer_id=${customer.id}`, other.token)).body.items).toEqual([]);
  });

  test('events:read may read but not write; a token without an events scope is 403 everywhere', async () => {
    const reader = await h.organization(['events:read']);
    expect((await list('', reader.token)).status).toBe(200);
    expect((await h.request('GET', '/v1/events/names', { token: reader.token })).status).toBe(200);
    expect((await h.request('GET', '/v1/event-types/', { token: reader.token })).status).toBe(200);
    const typeId = (await h.request('GET', '/v1/event-types/', { token: org.token })).body.items[0].id;
    const denied = [
      await h.request('PATCH', `/v1/event-types/${typeId}`, { token: reader.token, json: { label: 'x' } }),
      await h.request('POST', '/v1/events/ingest', {
        token: reader.token,
        json: { events: [{ name: 'x', external_customer_id: 'c' }] },
      }),
      await h.request('POST', '/v1/signals', {
        token: reader.token,
        json: { signals: [{ id: '1', kind: 'outcome', name: 'x', external_customer_id: 'c' }] },
      }),
    ];
    for (const answer of denied) expect([answer.status, answer.body.error]).toEqual([403, 'NotPermitted']);
    const stranger = await h.organization(['meters:read']);
    for (const path of ['/v1/events/', `/v1/events/${ids.a}`, '/v1/events/names', '/v1/event-types/']) {
      expect((await h.request('GET', path, { token: stranger.token })).status).toBe(403);
    }
    expect((await h.request('GET', '/v1/events/')).status).toBe(401);
  });
});
