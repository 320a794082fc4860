// Usage ingestion over HTTP: a batch checked whole, deduplicated by external id (also across concurrent batches),
// parents by id or external id, and events sent before their customer attached to it once it exists.
import { UserEvent } from '../../src/contracts/event';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };

const SCOPES = ['events:read', 'events:write', 'meters:write', 'customers:read', 'customers:write'] as const;

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization([...SCOPES]);
});
afterAll(() => h.close());

const ingest = (events: unknown[], token = org.token) =>
  h.request('POST', '/v1/events/ingest', { token, json: { events } });
const db = () => h.env.production.orm.em.fork();
const countEvents = async (organizationId: string, where = 'true', params: unknown[] = []) => {
  const [row] = await db().execute<{ n: number }[]>(
    `select count(*)::int as n from event where organization_id = ? and ${where}`,
    [organizationId, ...params],
  );
  return row.n;
};
const locs = (body: { detail: { loc: (string | number)[] }[] }) => body.detail.map((issue) => issue.loc.join('.'));
const llm = { vendor: 'openai', model: 'gpt-4o', input_tokens: 10, output_tokens: 5, total_tokens: 15 };

describe('validation', () => {
  test('every event failing its schema is reported in one 422, and nothing of the batch is written', async () => {
    const fresh = await h.organization([...SCOPES]);
    const events = [
      { name: 'ok', external_customer_id: 'c1' },
      { name: '', external_customer_id: 'c1' },
      { name: 'x', external_customer_id: 'c1', metadata: { _signal: { kind: 'outcome' } } },
      { name: 'x', external_customer_id: 'c1', metadata: { _other: 1 } },
      {
        name: 'x',
        external_customer_id: 'c1',
        metadata: { _llm: { vendor: 'openai', model: 'm', input_tokens: 1, output_tokens: 1 } },
      },
      { name: 'x', external_customer_id: 'c1', metadata: { _cost: { amount: 12, currency: 'eur' } } },
      { name: 'x', external_customer_id: 'c1', metadata: { ['k'.repeat(41)]: 1 } },
      { name: 'x', external_customer_id: 'c1', metadata: { s: 'v'.repeat(501) } },
      {
        name: 'x',
        external_customer_id: 'c1',
        metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])),
      },
      { name: 'x', external_customer_id: 'c1', external_id: 'signal:abc' },
      { name: 'x', customer_id: 'not-a-uuid' },
      { name: 'x', external_customer_id: 'c1', timestamp: 'yesterday' },
    ];
    const refused = await ingest(events, fresh.token);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('RequestValidationError');
    const failing = new Set(refused.body.detail.map((issue: { loc: (string | number)[] }) => issue.loc[2]));
    expect([...failing].sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(await countEvents(fresh.id)).toBe(0);
  });

  test("another organization's customer, an unknown parent and a future timestamp are each named in one 422", async () => {
    const other = await h.organization(['customers:write']);
    const theirs = await h.request('POST', '/v1/customers/', {
      token: other.token,
      json: { email: 'theirs@example.com' },
    });
    expect(theirs.status).toBe(201);
    const future = new Date(Date.now() + 60_000).toISOString();
    const refused = await ingest([
      { name: 'fine', external_customer_id: 'c1' },
      { name: 'x', customer_id: theirs.body.id },
      { name: 'x', external_customer_id: 'c1', timestamp: future },
      { name: 'x', external_customer_id: 'c1', parent_id: 'no-such-event' },
      { name: 'x', external_customer_id: 'c1', organization_id: other.id },
    ]);
    expect(refused.status).toBe(422);
    expect(locs(refused.body)).toEqual([
      'body.events.1.customer_id',
      'body.events.2.timestamp',
      'body.events.3.parent_id',
      'body.events.4.organization_id',
    ]);
    expect(await countEvents(org.id, 'name = ?', ['fine'])).toBe(0);
  });

  test('a batch of 1,001 events is refused whole; 1,000 are accepted', async () => {
    const fresh = await h.organization([...SCOPES]);
    const batch = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: 'bulk', external_customer_id: `c${i % 7}` }));
    const tooMany = await ingest(batch(1001), fresh.token);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0].loc).toEqual(['body', 'events']);
    expect(await countEvents(fresh.id)).toBe(0);
    const enough = await ingest(batch(1000), fresh.token);
    expect(enough.body).toEqual({ inserted: 1000, duplicates: 0 });
    expect(await countEvents(fresh.id)).toBe(1000);
  });

  test("metadata keys named like an object's own properties are plain keys", async () => {
    const metadata = { valueOf: 'v', constructor: 1, toString: true, hasOwnProperty: 'h' };
    const sent = await ingest([{ name: 'proto.keys', external_customer_id: 'proto', metadata }]);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ inserted: 1, duplicates: 0 });
    expect(
      (await ingest([{ name: 'proto.keys', external_customer_id: 'proto', metadata: { __proto__x: 1, _valueOf: 1 } }]))
        .status,
    ).toBe(422);
  });

  test('an empty batch and a body without events are refused', async () => {
    expect((await ingest([])).status).toBe(422);
    const noEvents = await h.request('POST', '/v1/events/ingest', { token: org.token, json: {} });
    expect(noEvents.status).toBe(422);
    expect(noEvents.body.detail[0].loc).toEqual(['body', 'events']);
  });

  test('the reserved _llm and _cost structures are stored as sent, with a decimal cost amount', async () => {
    const sent = await ingest([
      {
        name: 'llm.call',
        external_customer_id: 'c-llm',
        external_id: 'llm-1',
        metadata: { _llm: { ...llm, prompt: 'hi', cached_input_tokens: 2 }, route: '/chat' },
      },
      {
        name: 'llm.call',
        external_customer_id: 'c-llm',
        external_id: 'cost-1',
        metadata: { _cost: { amount: '0.000125', currency: 'usd' } },
      },
    ]);
    expect(sent.body).toEqual({ inserted: 2, duplicates: 0 });
    const listed = await h.request('GET', '/v1/events/?external_customer_id=c-llm&sorting=timestamp', {
      token: org.token,
    });
    expect(listed.body.items.map((e: UserEvent) => e.metadata)).toEqual(
      expect.arrayContaining([
        { _llm: { ...llm, prompt: 'hi', cached_input_tokens: 2 }, route: '/chat' },
        { _cost: { amount: '0.000125', currency: 'usd' } },
      ]),
    );
    for (const item of listed.body.items) expect(legacy(UserEvent).parse(item)).toBeTruthy();
  });
});

describe('deduplication', () => {
  test('the same 1,000-event batch posted 4 times at once is stored once: 1,000 inserted, 3,000 duplicates', async () => {
    const fresh = await h.organization([...SCOPES]);
    const events = Array.from({ length: 1000 }, (_, i) => ({
      name: 'api.call',
      external_customer_id: `c${i % 10}`,
      external_id: `call-${i}`,
      metadata: { i },
    }));
    const answers = await Promise.all([1, 2, 3, 4].map(() => ingest(events, fresh.token)));
    for (const answer of answers) expect(answer.status).toBe(200);
    const inserted = answers.reduce((sum, a) => sum + a.body.inserted, 0);
    const duplicates = answers.reduce((sum, a) => sum + a.body.duplicates, 0);
    expect({ inserted, duplicates }).toEqual({ inserted: 1000, duplicates: 3000 });
    expect(await countEvents(fresh.id)).toBe(1000);
    expect(await countEvents(fresh.id, 'external_id is not null')).toBe(1000);
    const [types] = await db().execute<{ occurrences: string }[]>(
      'select occurrences from event_type where organization_id = ? and name = ?',
      [fresh.id, 'api.call'],
    );
    expect(Number(types.occurrences)).toBe(1000);
  });

  test('a repeated external id inside one batch keeps the first; events without one are never duplicates', async () => {
    const fresh = await h.organization([...SCOPES]);
    const sent = await ingest(
      [
        { name: 'a', external_customer_id: 'c', external_id: 'dup', metadata: { n: 1 } },
        { name: 'a', external_customer_id: 'c', external_id: 'dup', metadata: { n: 2 } },
        { name: 'a', external_customer_id: 'c' },
        { name: 'a', external_customer_id: 'c' },
      ],
      fresh.token,
    );
    expect(sent.body).toEqual({ inserted: 3, duplicates: 1 });
    const rows = await db().execute<{ metadata: { n: number } }[]>(
      'select metadata from event where organization_id = ? and external_id = ?',
      [fresh.id, 'dup'],
    );
    expect(rows).toEqual([{ metadata: { n: 1 } }]);
    expect((await ingest([{ name: 'a', external_customer_id: 'c', external_id: 'dup' }], fresh.token)).body).toEqual({
      inserted: 0,
      duplicates: 1,
    });
  });

  test('a batch sent again with its X-Idempotency-Key, even at once, is stored once and answered as the first time', async () => {
    const fresh = await h.organization([...SCOPES]);
    const events = [
      { name: 'a', external_customer_id: 'c' },
      { name: 'b', external_customer_id: 'c' },
    ];
    const send = () =>
      h.request('POST', '/v1/events/ingest', {
        token: fresh.token,
        json: { events },
        headers: { 'x-idempotency-key': 'batch-1' },
      });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(send));
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([200, { inserted: 2, duplicates: 0 }]);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await countEvents(fresh.id)).toBe(2);
  });

  test('external ids are per organization: another organization may use the same one', async () => {
    const a = await h.organization([...SCOPES]);
    const b = await h.organization([...SCOPES]);
    const event = [{ name: 'x', external_customer_id: 'c', external_id: 'shared-key' }];
    expect((await ingest(event, a.token)).body).toEqual({ inserted: 1, duplicates: 0 });
    expect((await ingest(event, b.token)).body).toEqual({ inserted: 1, duplicates: 0 });
  });
});

describe('parents', () => {
  test('a parent named by its id, by its external id, or by an earlier event of the same batch', async () => {
    const root = await ingest([{ name: 'run', external_customer_id: 'c-tree', external_id: 'run-1' }]);
    expect(root.body.inserted).toBe(1);
    const [{ id: rootId }] = await db().execute<{ id: string }[]>(
      'select id from event where organization_id = ? and external_id = ?',
      [org.id, 'run-1'],
    );
    const children = await ingest([
      { name: 'step', external_customer_id: 'c-tree', external_id: 'step-1', parent_id: rootId },
      { name: 'step', external_customer_id: 'c-tree', external_id: 'step-2', parent_id: 'run-1' },
      { name: 'tool', external_customer_id: 'c-tree', external_id: 'tool-1', parent_id: 'step-2' },
    ]);
    expect(children.body).toEqual({ inserted: 3, duplicates: 0 });
    const rows = await db().execute<{ external_id: string; parent: string | null }[]>(
      `select e.external_id, p.external_id as parent from event e left join event p on p.id = e.parent_id
       where e.organization_id = ? and e.external_customer_id = ? order by e.external_id`,
      [org.id, 'c-tree'],
    );
    expect(rows).toEqual([
      { external_id: 'run-1', parent: null },
      { external_id: 'step-1', parent: 'run-1' },
      { external_id: 'step-2', parent: 'run-1' },
      { external_id: 'tool-1', parent: 'step-2' },
    ]);
    const read = await h.request('GET', `/v1/events/${rootId}`, { token: org.token });
    expect(read.body).toMatchObject({ id: rootId, child_count: 2, parent_id: null });
  });

  test("another organization's event cannot be a parent", async () => {
    const other = await h.organization([...SCOPES]);
    await ingest([{ name: 'theirs', external_customer_id: 'c', external_id: 'their-root' }], other.token);
    const [{ id }] = await db().execute<{ id: string }[]>('select id from event where organization_id = ?', [other.id]);
    const refused = await ingest([
      { name: 'x', external_customer_id: 'c', parent_id: id },
      { name: 'x', external_customer_id: 'c', parent_id: 'their-root' },
    ]);
    expect(locs(refused.body)).toEqual(['body.events.0.parent_id', 'body.events.1.parent_id']);
  });
});

describe('events before their customer', () => {
  const meterBody = {
    name: 'Late tokens',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'late.tokens' }] },
    aggregation: { func: 'sum', property: 'tokens' },
  };

  test('events sent with an external customer id attach to the customer created with it later, with its customer meter', async () => {
    const fresh = await h.organization([...SCOPES]);
    const meter = await h.request('POST', '/v1/meters/', { token: fresh.token, json: meterBody });
    expect(meter.status).toBe(201);
    const early = await ingest(
      [
        { name: 'late.tokens', external_customer_id: 'acme-42', metadata: { tokens: 30 } },
        { name: 'late.tokens', external_customer_id: 'acme-42', metadata: { tokens: 12 } },
        { name: 'late.tokens', external_customer_id: 'someone-else', metadata: { tokens: 1000 } },
      ],
      fresh.token,
    );
    expect(early.body.inserted).toBe(3);
    const before = await h.request('GET', '/v1/events/?external_customer_id=acme-42', { token: fresh.token });
    expect(before.body.items.map((e: UserEvent) => [e.customer_id, e.customer])).toEqual([
      [null, null],
      [null, null],
    ]);

    const customer = await h.request('POST', '/v1/customers/', {
      token: fresh.token,
      json: { email: 'acme@example.com', external_id: 'acme-42' },
    });
    expect(customer.status).toBe(201);
    const after = await h.request('GET', '/v1/events/?external_customer_id=acme-42', { token: fresh.token });
    expect(after.body.items).toHaveLength(2);
    for (const event of after.body.items) {
      expect(event.customer_id).toBe(customer.body.id);
      expect(event.customer).toMatchObject({ id: customer.body.id, email: 'acme@example.com', external_id: 'acme-42' });
    }
    const byCustomer = await h.request('GET', `/v1/events/?customer_id=${customer.body.id}`, { token: fresh.token });
    expect(byCustomer.body.pagination.total_count).toBe(2);
    expect(await countEvents(fresh.id, 'external_customer_id = ? and customer_id is null', ['someone-else'])).toBe(1);

    const meters = await db().execute<{ meter_id: string }[]>(
      'select meter_id from customer_meter where customer_id = ?',
      [customer.body.id],
    );
    expect(meters).toEqual([{ meter_id: meter.body.id }]);
    const rollup = await db().execute<{ total: string; customer_id: string | null }[]>(
      'select sum(total)::text as total, customer_id from meter_rollup where meter_id = ? and external_customer_id = ? group by customer_id',
      [meter.body.id, 'acme-42'],
    );
    expect(rollup).toEqual([{ total: '42', customer_id: customer.body.id }]);

    const later = await ingest(
      [{ name: 'late.tokens', external_customer_id: 'acme-42', metadata: { tokens: 8 } }],
      fresh.token,
    );
    expect(later.body.inserted).toBe(1);
    expect(await countEvents(fresh.id, 'customer_id = ?', [customer.body.id])).toBe(3);
  });

  test('a customer given the external id by an update gains the events sent with it', async () => {
    const fresh = await h.organization([...SCOPES]);
    const meter = await h.request('POST', '/v1/meters/', { token: fresh.token, json: meterBody });
    const customer = await h.request('POST', '/v1/customers/', {
      token: fresh.token,
      json: { email: 'later@example.com' },
    });
    await ingest([{ name: 'late.tokens', external_customer_id: 'ext-later', metadata: { tokens: 5 } }], fresh.token);
    expect(await countEvents(fresh.id, 'customer_id = ?', [customer.body.id])).toBe(0);
    const updated = await h.request('PATCH', `/v1/customers/${customer.body.id}`, {
      token: fresh.token,
      json: { external_id: 'ext-later' },
    });
    expect(updated.status).toBe(200);
    expect(await countEvents(fresh.id, 'customer_id = ?', [customer.body.id])).toBe(1);
    const meters = await db().execute<{ meter_id: string }[]>(
      'select meter_id from customer_meter where customer_id = ?',
      [customer.body.id],
    );
    expect(meters).toEqual([{ meter_id: meter.body.id }]);
  });
});
