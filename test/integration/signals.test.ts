// Signals over HTTP: an agent's activities and outcomes stored as usage events, idempotent by the caller's id,
// listed with the other events, and billed by meters that filter on their kind.
import { randomUUID } from 'node:crypto';
import type { UserEvent } from '../../src/contracts/event';
import { startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
let org: { id: string; token: string };
let customer: { id: string };
let outcomes: { id: string };
let activityTokens: { id: string };

const send = (signals: unknown[], token = org.token) => h.request('POST', '/v1/signals', { token, json: { signals } });
const db = () => h.env.production.orm.em.fork();
const locs = (body: { detail: { loc: (string | number)[] }[] }) => body.detail.map((issue) => issue.loc.join('.'));

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['events:read', 'events:write', 'meters:write', 'customers:write']);
  customer = (
    await h.request('POST', '/v1/customers/', {
      token: org.token,
      json: { email: 'agent-buyer@example.com', external_id: 'buyer-1' },
    })
  ).body;
  const meter = (name: string, filter: unknown, aggregation: unknown) =>
    h.request('POST', '/v1/meters/', { token: org.token, json: { name, filter, aggregation } }).then((r) => r.body);
  outcomes = await meter(
    'Resolved tickets',
    { conjunction: 'and', clauses: [{ property: '_signal.kind', operator: 'eq', value: 'outcome' }] },
    { func: 'count' },
  );
  activityTokens = await meter(
    'Agent tokens',
    {
      conjunction: 'and',
      clauses: [
        { property: '_signal.kind', operator: 'eq', value: 'activity' },
        { property: 'name', operator: 'eq', value: 'tokens' },
      ],
    },
    { func: 'sum', property: 'value' },
  );
});
afterAll(() => h.close());

/** What a meter counted for the customer, read from its hourly rollups. */
const billed = async (meterId: string) => {
  const [row] = await db().execute<{ events: string | null; total: string | null }[]>(
    'select sum(events)::text as events, sum(total)::text as total from meter_rollup where meter_id = ? and customer_id = ?',
    [meterId, customer.id],
  );
  return { events: Number(row.events ?? 0), total: Number(row.total ?? 0) };
};

test('activities and outcomes are stored as events with their kind, agent and value, and counted by the meters that bill them', async () => {
  const answer = await send([
    {
      id: 'run-1',
      kind: 'activity',
      name: 'tokens',
      customer_id: customer.id,
      agent_id: 'support-bot',
      value: 1200,
      metadata: { model: 'large' },
    },
    { id: 'run-2', kind: 'activity', name: 'tokens', external_customer_id: 'buyer-1', value: 300 },
    {
      id: 'ticket-9',
      kind: 'outcome',
      name: 'ticket.resolved',
      customer_id: customer.id,
      agent_id: 'support-bot',
      metadata: { ticket: 'T-9' },
    },
    {
      id: 'ticket-10',
      kind: 'outcome',
      name: 'ticket.resolved',
      external_customer_id: 'buyer-1',
      timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    },
  ]);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ inserted: 4, duplicates: 0 });

  expect(await billed(outcomes.id)).toEqual({ events: 2, total: 0 });
  expect(await billed(activityTokens.id)).toEqual({ events: 2, total: 1500 });
  const meters = await db().execute<{ meter_id: string }[]>(
    'select meter_id from customer_meter where customer_id = ? order by meter_id',
    [customer.id],
  );
  expect(meters.map((m) => m.meter_id).sort()).toEqual([outcomes.id, activityTokens.id].sort());

  const dated = { 'Polar-Version': '2027-01' };
  const listed = await h.request('GET', `/v1/events/?meter_id=${outcomes.id}&sorting=timestamp`, {
    token: org.token,
    headers: dated,
  });
  expect(listed.body.items.map((e: UserEvent) => [e.name, e.metadata, e.customer_id])).toEqual([
    ['ticket.resolved', { _signal: { kind: 'outcome', agent_id: null } }, customer.id],
    ['ticket.resolved', { ticket: 'T-9', _signal: { kind: 'outcome', agent_id: 'support-bot' } }, customer.id],
  ]);
  // The unversioned shape's metadata holds scalars only (as its 0.x clients read it): the marker is its JSON text.
  const unversioned = await h.request('GET', `/v1/events/?meter_id=${outcomes.id}&sorting=timestamp`, {
    token: org.token,
  });
  expect(unversioned.body.items.map((e: UserEvent) => JSON.parse(e.metadata._signal as string))).toEqual([
    { kind: 'outcome', agent_id: null },
    { kind: 'outcome', agent_id: 'support-bot' },
  ]);
  const activity = await h.request('GET', `/v1/events/?meter_id=${activityTokens.id}&metadata[model]=large`, {
    token: org.token,
    headers: dated,
  });
  expect(activity.body.items.map((e: UserEvent) => e.metadata)).toEqual([
    { model: 'large', value: 1200, _signal: { kind: 'activity', agent_id: 'support-bot' } },
  ]);
  const byAgent = {
    conjunction: 'and',
    clauses: [{ property: '_signal.agent_id', operator: 'eq', value: 'support-bot' }],
  };
  const ofAgent = await h.request('GET', `/v1/events/?filter=${encodeURIComponent(JSON.stringify(byAgent))}`, {
    token: org.token,
  });
  expect(ofAgent.body.pagination.total_count).toBe(2);
});

test('a signal sent again with the same id is a duplicate, whatever else changed, also when sent twice in one request', async () => {
  const before = await billed(outcomes.id);
  const again = await send([
    { id: 'ticket-9', kind: 'outcome', name: 'ticket.resolved', customer_id: customer.id },
    { id: 'ticket-11', kind: 'outcome', name: 'ticket.resolved', customer_id: customer.id },
    { id: 'ticket-11', kind: 'outcome', name: 'ticket.resolved', customer_id: customer.id },
    { id: 'run-1', kind: 'activity', name: 'tokens', customer_id: customer.id, value: 999_999 },
  ]);
  expect(again.body).toEqual({ inserted: 1, duplicates: 3 });
  expect(await billed(outcomes.id)).toEqual({ events: before.events + 1, total: 0 });
  expect((await billed(activityTokens.id)).total).toBe(1500);
  const [row] = await db().execute<{ n: number }[]>(
    'select count(*)::int as n from event where organization_id = ? and external_id = ?',
    [org.id, 'signal:ticket-11'],
  );
  expect(row.n).toBe(1);
});

test('signal ids are their own: an ingested event with the same external id neither collides nor can take the signal prefix', async () => {
  const ingested = await h.request('POST', '/v1/events/ingest', {
    token: org.token,
    json: { events: [{ name: 'ticket.resolved', customer_id: customer.id, external_id: 'ticket-9' }] },
  });
  expect(ingested.body).toEqual({ inserted: 1, duplicates: 0 });
  const prefixed = await h.request('POST', '/v1/events/ingest', {
    token: org.token,
    json: { events: [{ name: 'x', customer_id: customer.id, external_id: 'signal:ticket-12' }] },
  });
  expect(prefixed.status).toBe(422);
  expect(locs(prefixed.body)).toEqual(['body.events.0.external_id']);
  const forged = await h.request('POST', '/v1/events/ingest', {
    token: org.token,
    json: {
      events: [{ name: 'x', customer_id: customer.id, metadata: { _signal: { kind: 'outcome', agent_id: null } } }],
    },
  });
  expect(forged.status).toBe(422);
  expect(locs(forged.body)).toEqual(['body.events.0.metadata._signal']);
});

test('bad signals are refused whole with every failing index named; nothing is written', async () => {
  const before = await billed(outcomes.id);
  const other = await h.organization(['customers:write']);
  const theirs = (await h.request('POST', '/v1/customers/', { token: other.token, json: { email: 'x@example.com' } }))
    .body;
  const schema = await send([
    { id: 'ok', kind: 'outcome', name: 'ticket.resolved', customer_id: customer.id },
    { kind: 'outcome', name: 'x', customer_id: customer.id },
    { id: 's', kind: 'success', name: 'x', customer_id: customer.id },
    { id: 's', kind: 'outcome', name: 'x', customer_id: customer.id, value: 'ten' },
    { id: 's', kind: 'outcome', name: 'x', customer_id: customer.id, value: 3, metadata: { value: 4 } },
    { id: 's', kind: 'outcome', name: 'x', customer_id: customer.id, metadata: { _signal: { kind: 'outcome' } } },
    { id: 's', kind: 'outcome', name: 'x' },
    { id: 'x'.repeat(201), kind: 'outcome', name: 'x', customer_id: customer.id },
  ]);
  expect(schema.status).toBe(422);
  expect([...new Set(schema.body.detail.map((issue: { loc: (string | number)[] }) => issue.loc[2]))]).toEqual([
    1, 2, 3, 4, 5, 6, 7,
  ]);
  const checked = await send([
    { id: 'ok', kind: 'outcome', name: 'ticket.resolved', customer_id: customer.id },
    { id: 'theirs', kind: 'outcome', name: 'x', customer_id: theirs.id },
    {
      id: 'later',
      kind: 'outcome',
      name: 'x',
      customer_id: customer.id,
      timestamp: new Date(Date.now() + 60_000).toISOString(),
    },
  ]);
  expect(checked.status).toBe(422);
  expect(locs(checked.body)).toEqual(['body.signals.1.customer_id', 'body.signals.2.timestamp']);
  expect(
    (
      await send(
        Array.from({ length: 1001 }, (_, i) => ({
          id: `b${i}`,
          kind: 'activity',
          name: 'x',
          customer_id: customer.id,
        })),
      )
    ).status,
  ).toBe(422);
  expect((await h.request('POST', '/v1/signals', { token: org.token, json: { signals: [] } })).status).toBe(422);
  expect(await billed(outcomes.id)).toEqual(before);
});

test('the signal payload is documented in the OpenAPI document', async () => {
  const doc = await h.request('GET', '/openapi.json');
  expect(doc.body.paths['/v1/signals'].post).toBeDefined();
  expect(Object.keys(doc.body.components.schemas)).toEqual(
    expect.arrayContaining(['SignalsIngest', 'SignalCustomer', 'SignalExternalCustomer', 'SignalsIngestResponse']),
  );
  expect(doc.body.paths['/v1/events/'].get).toBeDefined();
  expect(doc.body.paths['/v1/event-types/{id}'].patch).toBeDefined();
});

test('a request repeated with its X-Idempotency-Key is answered as the first time, from the first answer', async () => {
  const key = randomUUID();
  const signals = [{ id: `keyed-${key}`, kind: 'activity', name: 'tokens', customer_id: customer.id, value: 5 }];
  const keyed = () =>
    h.request('POST', '/v1/signals', { token: org.token, json: { signals }, headers: { 'x-idempotency-key': key } });
  const first = await keyed();
  const again = await keyed();
  expect([first.status, first.body]).toEqual([200, { inserted: 1, duplicates: 0 }]);
  expect([again.status, again.body, again.headers.get('idempotent-replayed')]).toEqual([
    200,
    { inserted: 1, duplicates: 0 },
    'true',
  ]);
});
