// GET /v1/meters/{id}/quantities over hand-placed events around Europe/Berlin's DST change (2026-03-29, 02:00 → 03:00
// local, 01:00 UTC): buckets in local calendar time, customers, metadata filters, per-customer aggregation, and the
// hourly rollups giving the same answers as raw events (and shown to be read).
import { startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
let org: { id: string; token: string };
let customerA: string;
const meters: Record<string, string> = {};

// A = the customer with external id a-ext; B = external id b-ext with no customer. Berlin is UTC+1 before 2026-03-29T01:00Z and UTC+2 after.
const EVENTS: { at: string; who: 'A' | 'B'; n: number | string; region: string; name?: string }[] = [
  { at: '2026-03-28T22:30:00Z', who: 'A', n: 1, region: 'eu' }, // before the range
  { at: '2026-03-28T23:05:00Z', who: 'A', n: 100, region: 'eu' }, // in the range's first (partial) hour, before its start
  { at: '2026-03-28T23:15:00Z', who: 'A', n: 2, region: 'eu' },
  { at: '2026-03-29T00:45:00Z', who: 'B', n: 4, region: 'us' },
  { at: '2026-03-29T01:30:00Z', who: 'A', n: 8, region: 'us' },
  { at: '2026-03-29T21:59:00Z', who: 'B', n: 16, region: 'eu' },
  { at: '2026-03-29T22:00:00Z', who: 'A', n: 32, region: 'ap' },
  { at: '2026-03-30T10:20:00Z', who: 'A', n: 'x', region: 'eu' }, // not a number: counted, left out of sum…avg
  { at: '2026-03-31T21:45:00Z', who: 'B', n: 0.5, region: 'eu' }, // in the range's last (partial) hour
  { at: '2026-03-31T21:55:00Z', who: 'A', n: 200, region: 'eu' }, // in the last hour, after the range's end
  { at: '2026-03-29T12:00:00Z', who: 'A', n: 1000, region: 'eu', name: 'other' }, // not the meters' event
];

// Berlin's 29, 30 and 31 March, from a start 10 minutes into the first hour to an end 10 minutes before the last.
const RANGE =
  'start_timestamp=2026-03-28T23:10:00Z&end_timestamp=2026-03-31T21:50:00Z&interval=day&timezone=Europe/Berlin';
const BERLIN_DAYS = ['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', '2026-03-30T22:00:00.000Z'];

// Per bucket: {2 A, 4 B, 8 A, 16 B}, {32 A, "x" A}, {0.5 B}.
const EXPECTED: Record<string, { quantities: number[]; total: number }> = {
  count: { quantities: [4, 2, 1], total: 7 },
  sum: { quantities: [30, 32, 0.5], total: 62.5 },
  max: { quantities: [16, 32, 0.5], total: 32 },
  min: { quantities: [2, 32, 0.5], total: 0.5 },
  avg: { quantities: [7.5, 32, 0.5], total: 62.5 / 6 },
  unique: { quantities: [4, 2, 1], total: 7 },
};

const ingest = (
  events: typeof EVENTS,
  who: (e: (typeof EVENTS)[number]) => { customer_id: string } | { external_customer_id: string },
) =>
  h.request('POST', '/v1/events/ingest', {
    token: org.token,
    json: {
      events: events.map((e) => ({
        name: e.name ?? 'req',
        timestamp: e.at,
        ...who(e),
        metadata: { n: e.n, region: e.region },
      })),
    },
  });

const db = () => h.env.production.orm.em.fork();
const setRollupsReady = (ready: boolean) =>
  db().execute(`update meter set rollups_ready_at = ${ready ? 'now()' : 'null'} where organization_id = ?`, [org.id]);

async function quantities(func: string, query: string, token = org.token) {
  const response = await h.request('GET', `/v1/meters/${meters[func]}/quantities?${query}`, { token });
  expect(response.status).toBe(200);
  return response.body as { quantities: { timestamp: string; quantity: number }[]; total: number };
}
const values = (body: { quantities: { quantity: number }[] }) => body.quantities.map((q) => q.quantity);

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['meters:read', 'meters:write', 'events:write', 'customers:write']);
  for (const func of ['count', 'sum', 'max', 'min', 'avg', 'unique']) {
    const created = await h.request('POST', '/v1/meters/', {
      token: org.token,
      json: {
        name: `req ${func}`,
        filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'req' }] },
        aggregation: func === 'count' ? { func } : { func, property: 'n' },
      },
    });
    expect(created.status).toBe(201);
    meters[func] = created.body.id;
  }
  // A's first events arrive before A exists (attached when it is created), the rest by its id.
  const early = EVENTS.slice(0, 5);
  const late = EVENTS.slice(5);
  expect((await ingest(early, (e) => ({ external_customer_id: e.who === 'A' ? 'a-ext' : 'b-ext' }))).status).toBe(200);
  const customer = await h.request('POST', '/v1/customers/', {
    token: org.token,
    json: { email: 'a@example.com', external_id: 'a-ext' },
  });
  expect(customer.status).toBe(201);
  customerA = customer.body.id;
  expect(
    (await ingest(late, (e) => (e.who === 'A' ? { customer_id: customerA } : { external_customer_id: 'b-ext' })))
      .status,
  ).toBe(200);
});
afterAll(() => h.close());

describe.each([
  ['raw events', false],
  ['rollups', true],
])('from %s', (_, ready) => {
  beforeAll(() => setRollupsReady(ready));

  test.each(Object.keys(EXPECTED))('%s per Berlin day across the DST change (a 23-hour day)', async (func) => {
    const body = await quantities(func, RANGE);
    expect(body.quantities.map((q) => q.timestamp)).toEqual(BERLIN_DAYS);
    expect(values(body)).toEqual(EXPECTED[func]!.quantities);
    expect(body.total).toBeCloseTo(EXPECTED[func]!.total, 12);
  });

  test('hours across the DST change are absolute hours, none repeated or skipped', async () => {
    const body = await quantities(
      'count',
      'start_timestamp=2026-03-29T00:00:00Z&end_timestamp=2026-03-29T03:00:00Z&interval=hour&timezone=Europe/Berlin',
    );
    expect(body.quantities).toEqual([
      { timestamp: '2026-03-29T00:00:00.000Z', quantity: 1 },
      { timestamp: '2026-03-29T01:00:00.000Z', quantity: 1 },
      { timestamp: '2026-03-29T02:00:00.000Z', quantity: 0 },
    ]);
    expect(body.total).toBe(2);
  });

  test('hours of a half-hour zone (Asia/Kolkata) start at half past UTC hours', async () => {
    const body = await quantities(
      'sum',
      'start_timestamp=2026-03-29T00:00:00Z&end_timestamp=2026-03-29T03:00:00Z&interval=hour&timezone=Asia/Kolkata',
    );
    expect(body.quantities).toEqual([
      { timestamp: '2026-03-28T23:30:00.000Z', quantity: 0 },
      { timestamp: '2026-03-29T00:30:00.000Z', quantity: 4 },
      { timestamp: '2026-03-29T01:30:00.000Z', quantity: 8 },
      { timestamp: '2026-03-29T02:30:00.000Z', quantity: 0 },
    ]);
    expect(body.total).toBe(12);
  });

  test('months of New York: April starts an hour earlier in UTC after its DST change (8 March)', async () => {
    const body = await quantities(
      'count',
      'start_timestamp=2026-02-15T00:00:00Z&end_timestamp=2026-04-10T00:00:00Z&interval=month&timezone=America/New_York',
    );
    expect(body.quantities).toEqual([
      { timestamp: '2026-02-01T05:00:00.000Z', quantity: 0 },
      { timestamp: '2026-03-01T05:00:00.000Z', quantity: 10 },
      { timestamp: '2026-04-01T04:00:00.000Z', quantity: 0 },
    ]);
    expect(body.total).toBe(10);
  });

  test('weeks start on Monday; years on 1 January', async () => {
    const weeks = await quantities(
      'count',
      'start_timestamp=2026-03-28T00:00:00Z&end_timestamp=2026-04-01T00:00:00Z&interval=week',
    );
    expect(weeks.quantities).toEqual([
      { timestamp: '2026-03-23T00:00:00.000Z', quantity: 7 },
      { timestamp: '2026-03-30T00:00:00.000Z', quantity: 3 },
    ]);
    const years = await quantities(
      'sum',
      'start_timestamp=2025-06-01T00:00:00Z&end_timestamp=2026-06-01T00:00:00Z&interval=year',
    );
    expect(years.quantities).toEqual([
      { timestamp: '2025-01-01T00:00:00.000Z', quantity: 0 },
      { timestamp: '2026-01-01T00:00:00.000Z', quantity: 363.5 },
    ]);
  });

  test('one customer: its id, its external id, or an external id with no customer', async () => {
    const byId = await quantities('sum', `${RANGE}&customer_id=${customerA}`);
    expect(values(byId)).toEqual([10, 32, 0]);
    expect(byId.total).toBe(42);
    expect(await quantities('sum', `${RANGE}&external_customer_id=a-ext`)).toEqual(byId);
    const b = await quantities('sum', `${RANGE}&external_customer_id=b-ext`);
    expect(values(b)).toEqual([20, 0, 0.5]);
    expect(b.total).toBe(20.5);
    const both = await quantities('sum', `${RANGE}&customer_id=${customerA}&external_customer_id=b-ext`);
    expect(values(both)).toEqual([30, 32, 0.5]);
    const unknown = await quantities('sum', `${RANGE}&customer_id=00000000-0000-4000-8000-000000000000`);
    expect(unknown).toEqual({ quantities: BERLIN_DAYS.map((timestamp) => ({ timestamp, quantity: 0 })), total: 0 });
  });

  test('customer_aggregation_function: per customer first (A: 10, 32, 0 and 42; B: 20, 0, 0.5 and 20.5)', async () => {
    const max = await quantities('sum', `${RANGE}&customer_aggregation_function=max`);
    expect(values(max)).toEqual([20, 32, 0.5]);
    expect(max.total).toBe(42);
    const avg = await quantities('sum', `${RANGE}&customer_aggregation_function=avg`);
    expect(values(avg)).toEqual([15, 32, 0.5]);
    expect(avg.total).toBe(31.25);
    const count = await quantities('sum', `${RANGE}&customer_aggregation_function=count`);
    expect(values(count)).toEqual([2, 1, 1]);
    expect(count.total).toBe(2);
    const min = await quantities('count', `${RANGE}&customer_aggregation_function=min`);
    expect(values(min)).toEqual([2, 2, 1]);
    expect(min.total).toBe(3);
  });

  test('metadata filters (read raw): one value, or any of several', async () => {
    const eu = await quantities('sum', `${RANGE}&metadata[region]=eu`);
    expect(values(eu)).toEqual([18, 0, 0.5]);
    const euAp = await quantities('sum', `${RANGE}&metadata[region]=eu&metadata[region]=ap`);
    expect(values(euAp)).toEqual([18, 32, 0.5]);
    expect(euAp.total).toBe(50.5);
  });
});

test('the rollups are what is read when they are ready (a changed rollup changes the answer), raw otherwise', async () => {
  await setRollupsReady(true);
  await db().execute(
    `update meter_rollup set total = total + 1000 where meter_id = ? and hour = '2026-03-30T10:00:00Z'`,
    [meters.sum],
  );
  try {
    expect(values(await quantities('sum', RANGE))).toEqual([30, 1032, 0.5]);
    // The partial hour at the start is read raw: 100 at 23:05 stays out even though its hour's rollup holds it.
    expect(values(await quantities('count', RANGE))[0]).toBe(4);
    await setRollupsReady(false);
    expect(values(await quantities('sum', RANGE))).toEqual([30, 32, 0.5]);
  } finally {
    await db().execute(
      `update meter_rollup set total = total - 1000 where meter_id = ? and hour = '2026-03-30T10:00:00Z'`,
      [meters.sum],
    );
  }
});

describe('refused', () => {
  const url = (query: string) => `/v1/meters/${meters.count}/quantities?${query}`;
  const status = async (query: string) => (await h.request('GET', url(query), { token: org.token })).status;

  test.each([
    ['hour', '2026-03-01T00:00:00Z', '2026-03-08T00:00:00Z', '2026-03-08T00:00:01Z'],
    ['day', '2025-03-01T00:00:00Z', '2026-03-02T00:00:00Z', '2026-03-02T00:00:01Z'],
    ['week', '2025-03-01T00:00:00Z', '2026-03-07T00:00:00Z', '2026-03-07T00:00:01Z'],
    ['month', '2022-03-01T00:00:00Z', '2026-03-01T00:00:00Z', '2026-03-01T00:00:01Z'],
    ['year', '2016-03-01T00:00:00Z', '2026-03-01T00:00:00Z', '2026-03-01T00:00:01Z'],
  ])('a %s interval over more than its maximum range → 422', async (interval, start, longest, tooLong) => {
    expect(await status(`start_timestamp=${start}&end_timestamp=${longest}&interval=${interval}`)).toBe(200);
    const refused = await h.request(
      'GET',
      url(`start_timestamp=${start}&end_timestamp=${tooLong}&interval=${interval}`),
      { token: org.token },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(['query', 'end_timestamp']);
  });

  test('a bad time zone, a reversed range, a missing parameter, an unknown interval → 422', async () => {
    const base = 'start_timestamp=2026-03-01T00:00:00Z&end_timestamp=2026-03-02T00:00:00Z';
    const badZone = await h.request('GET', url(`${base}&interval=day&timezone=Mars/Olympus_Mons`), {
      token: org.token,
    });
    expect(badZone.status).toBe(422);
    expect(badZone.body.detail[0].loc).toEqual(['query', 'timezone']);
    expect(await status(`start_timestamp=2026-03-02T00:00:00Z&end_timestamp=2026-03-01T00:00:00Z&interval=day`)).toBe(
      422,
    );
    expect(await status(`start_timestamp=2026-03-01T00:00:00Z&interval=day`)).toBe(422);
    expect(await status(`${base}&interval=fortnight`)).toBe(422);
    expect(await status(`${base}&interval=day&customer_aggregation_function=median`)).toBe(422);
    expect(await status(`${base}&interval=day&customer_id=not-a-uuid`)).toBe(422);
  });

  test('scopes and ownership: meters:read suffices, events:write does not; another organization’s meter is 404', async () => {
    const reader = await h.organization(['meters:read']);
    const base = 'start_timestamp=2026-03-01T00:00:00Z&end_timestamp=2026-03-02T00:00:00Z&interval=day';
    expect((await h.request('GET', url(base), { token: reader.token })).status).toBe(404);
    const writerOnly = await h.organization(['events:write']);
    expect((await h.request('GET', url(base), { token: writerOnly.token })).status).toBe(403);
    expect(
      (
        await h.request('GET', `/v1/meters/00000000-0000-4000-8000-000000000000/quantities?${base}`, {
          token: org.token,
        })
      ).status,
    ).toBe(404);
  });
});
