// Benefits through HTTP: every supported type, refused external types, references checked, events, isolation.
import { Benefit, BenefitList } from '../../src/contracts/benefit';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };
let meterId: string;

const post = (json: unknown, token = org.token) => h.request('POST', '/v1/benefits/', { token, json });
const locs = (body: { detail: { loc: unknown[] }[] }) => body.detail.map((d) => d.loc);

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['benefits:read', 'benefits:write', 'meters:write', 'files:write']);
  meterId = (
    await h.request('POST', '/v1/meters/', {
      token: org.token,
      json: { name: 'Credits', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } },
    })
  ).body.id;
});
afterAll(() => h.close());

test.each([
  ['custom', { note: 'Email us for onboarding' }, { note: 'Email us for onboarding' }],
  ['custom without a note', {}, { note: null }],
  [
    'license_keys',
    {
      prefix: 'ACME',
      expires: { ttl: 1, timeframe: 'year' },
      activations: { limit: 3, enable_customer_admin: true },
      limit_usage: 1000,
    },
    {
      prefix: 'ACME',
      expires: { ttl: 1, timeframe: 'year' },
      activations: { limit: 3, enable_customer_admin: true },
      limit_usage: 1000,
    },
  ],
  ['license_keys with defaults', {}, { prefix: null, expires: null, activations: null, limit_usage: null }],
  [
    'meter_credit',
    { meter_id: '<meter>', units: 1000, rollover: true },
    { meter_id: '<meter>', units: 1000, rollover: true },
  ],
  ['feature_flag', {}, {}],
])('%s', async (name, properties, expected) => {
  const type = name.split(' ')[0];
  const fill = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll('<meter>', meterId));
  const created = await post({
    type,
    description: 'A benefit',
    properties: fill(properties),
    metadata: { plan: 'pro' },
  });
  expect(created.status).toBe(201);
  expect(legacy(Benefit).parse(created.body)).toBeTruthy();
  expect(created.body).toMatchObject({
    type,
    description: 'A benefit',
    properties: fill(expected),
    visibility: 'public',
    is_deleted: false,
    selectable: true,
    deletable: true,
    metadata: { plan: 'pro' },
  });
  expect((await h.request('GET', `/v1/benefits/${created.body.id}`, { token: org.token })).body).toEqual(created.body);
});

test.each([
  ['discord', 'Discord'],
  ['github_repository', 'GitHub'],
  ['slack_shared_channel', 'Slack'],
])('%s needs an outside service and is refused with a clear 422', async (type, service) => {
  const response = await post({ type, description: 'Community', properties: { guild_id: '1', role_id: '2' } });
  expect(response.status).toBe(422);
  expect(response.body.detail).toEqual([
    expect.objectContaining({ loc: ['body', 'type'], msg: expect.stringContaining(service) }),
  ]);
});

test.each([
  [
    'an unknown meter',
    {
      type: 'meter_credit',
      properties: { meter_id: '00000000-0000-4000-8000-000000000000', units: 10, rollover: false },
    },
    ['body', 'properties', 'meter_id'],
  ],
  [
    'zero credit units',
    {
      type: 'meter_credit',
      properties: { meter_id: '00000000-0000-4000-8000-000000000000', units: 0, rollover: false },
    },
    ['body', 'properties', 'units'],
  ],
  [
    'an unknown file',
    { type: 'downloadables', properties: { files: ['00000000-0000-4000-8000-000000000000'] } },
    ['body', 'properties', 'files', 0],
  ],
  ['no files', { type: 'downloadables', properties: { files: [] } }, ['body', 'properties', 'files']],
  [
    'an activation limit of 0',
    { type: 'license_keys', properties: { activations: { limit: 0, enable_customer_admin: false } } },
    ['body', 'properties', 'activations', 'limit'],
  ],
  [
    'an unknown expiry timeframe',
    { type: 'license_keys', properties: { expires: { ttl: 1, timeframe: 'week' } } },
    ['body', 'properties', 'expires', 'timeframe'],
  ],
  ['a too short description', { type: 'custom', description: 'ab', properties: {} }, ['body', 'description']],
])('%s is a 422', async (_name, body, loc) => {
  const response = await post({ description: 'Benefit', ...body });
  expect(response.status).toBe(422);
  expect(locs(response.body)).toContainEqual(loc);
});

test("another organization's meter cannot be credited", async () => {
  const other = await h.organization(['meters:write']);
  const theirs = await h.request('POST', '/v1/meters/', {
    token: other.token,
    json: { name: 'Theirs', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } },
  });
  const response = await post({
    type: 'meter_credit',
    description: 'Credits',
    properties: { meter_id: theirs.body.id, units: 5, rollover: false },
  });
  expect(response.status).toBe(422);
  expect(locs(response.body)).toEqual([['body', 'properties', 'meter_id']]);
});

test('update keeps the type, writes benefit.updated; delete hides it', async () => {
  const created = await post({ type: 'license_keys', description: 'Keys', properties: { prefix: 'OLD' } });
  const updated = await h.request('PATCH', `/v1/benefits/${created.body.id}`, {
    token: org.token,
    json: { type: 'license_keys', description: 'New keys', properties: { prefix: 'NEW' } },
  });
  expect(updated.status).toBe(200);
  expect(updated.body).toMatchObject({ description: 'New keys', properties: { prefix: 'NEW', expires: null } });
  const wrongType = await h.request('PATCH', `/v1/benefits/${created.body.id}`, {
    token: org.token,
    json: { type: 'custom', description: 'Nope' },
  });
  expect(wrongType.status).toBe(422);
  expect(locs(wrongType.body)).toEqual([['body', 'type']]);

  const events = await h.env.production.orm.em
    .fork()
    .execute<{ type: string }[]>(
      "select payload->>'type' as type from outbox_message where kind = 'event' and payload->'data'->>'id' = ? order by created_at",
      [created.body.id],
    );
  expect(events.map((e) => e.type)).toEqual(['benefit.created', 'benefit.updated']);

  expect((await h.request('DELETE', `/v1/benefits/${created.body.id}`, { token: org.token })).status).toBe(204);
  expect((await h.request('GET', `/v1/benefits/${created.body.id}`, { token: org.token })).status).toBe(404);
});

test('list filters by type, id, exclusion and description', async () => {
  const lister = await h.organization(['benefits:read', 'benefits:write']);
  const make = (type: string, description: string) => post({ type, description, properties: {} }, lister.token);
  const a = await make('custom', 'Alpha support');
  const b = await make('feature_flag', 'Beta flag');
  await make('custom', 'Gamma support');
  const list = (q: string) => h.request('GET', `/v1/benefits/?${q}`, { token: lister.token });
  const descriptions = (r: { body: { items: { description: string }[] } }) => r.body.items.map((x) => x.description);
  expect(legacy(BenefitList).parse((await list('')).body)).toBeTruthy();
  expect(descriptions(await list('type=custom&sorting=description'))).toEqual(['Alpha support', 'Gamma support']);
  expect(descriptions(await list(`id=${a.body.id}&id=${b.body.id}&sorting=description`))).toEqual([
    'Alpha support',
    'Beta flag',
  ]);
  expect(descriptions(await list(`exclude_id=${a.body.id}&sorting=-description`))).toEqual([
    'Gamma support',
    'Beta flag',
  ]);
  expect(descriptions(await list('query=flag'))).toEqual(['Beta flag']);
});

test("another organization's benefits are 404", async () => {
  const created = await post({ type: 'custom', description: 'Private', properties: {} });
  const other = await h.organization(['benefits:read', 'benefits:write']);
  expect((await h.request('GET', `/v1/benefits/${created.body.id}`, { token: other.token })).status).toBe(404);
  expect(
    (
      await h.request('PATCH', `/v1/benefits/${created.body.id}`, {
        token: other.token,
        json: { type: 'custom', description: 'Taken' },
      })
    ).status,
  ).toBe(404);
  expect((await h.request('DELETE', `/v1/benefits/${created.body.id}`, { token: other.token })).status).toBe(404);
});
