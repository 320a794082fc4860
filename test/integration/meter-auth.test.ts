// Who may touch meters: the auth matrix of ARCHITECTURE §8 and issue #2.
import { startHarness, type TestHarness } from '../support/harness';

const METER = {
  name: 'Requests',
  filter: { conjunction: 'and', clauses: [] },
  aggregation: { func: 'count' },
};

let h: TestHarness;
let owner: { id: string; token: string };
let meterId: string;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.organization(['meters:read', 'meters:write']);
  const created = await h.request('POST', '/v1/meters/', { token: owner.token, json: METER });
  expect(created.status).toBe(201);
  meterId = created.body.id;
});
afterAll(() => h.close());

test('no token is 401 Unauthorized', async () => {
  const response = await h.request('GET', '/v1/meters/');
  expect(response.status).toBe(401);
  expect(response.body).toMatchObject({ error: 'Unauthorized', status: 401, type: 'urn:bursar:error:unauthorized' });
});

test.each([
  ['a malformed token', 'not-a-token'],
  ['a well-formed token nobody issued', 'bursar_oat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA000000'],
  ['a non-bearer scheme', null],
])('%s is 401 Unauthorized', async (_name, token) => {
  const headers =
    token === null
      ? { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }
      : { authorization: `Bearer ${token}` };
  const response = await h.request('GET', '/v1/meters/', { headers });
  expect(response.status).toBe(401);
  expect(response.body.error).toBe('Unauthorized');
});

test('a token without a meters scope is 403 NotPermitted on reads and writes', async () => {
  const other = await h.organization(['products:read']);
  for (const [method, path] of [
    ['GET', '/v1/meters/'],
    ['GET', `/v1/meters/${meterId}`],
    ['POST', '/v1/meters/'],
  ] as const) {
    const response = await h.request(method, path, { token: other.token, json: method === 'POST' ? METER : undefined });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: 'NotPermitted', status: 403 });
  }
});

test('meters:read may read but not write', async () => {
  const reader = await h.organization(['meters:read']);
  expect((await h.request('GET', '/v1/meters/', { token: reader.token })).status).toBe(200);
  const write = await h.request('POST', '/v1/meters/', { token: reader.token, json: METER });
  expect(write.status).toBe(403);
});

test('meters:write alone may also read', async () => {
  const writer = await h.organization(['meters:write']);
  expect((await h.request('GET', '/v1/meters/', { token: writer.token })).status).toBe(200);
});

test("another organization's meter is 404 and never listed", async () => {
  const other = await h.organization(['meters:read', 'meters:write']);
  const get = await h.request('GET', `/v1/meters/${meterId}`, { token: other.token });
  expect(get.status).toBe(404);
  expect(get.body).toMatchObject({ error: 'ResourceNotFound', detail: expect.any(String) });
  const patch = await h.request('PATCH', `/v1/meters/${meterId}`, { token: other.token, json: { name: 'Hijacked' } });
  expect(patch.status).toBe(404);
  const list = await h.request('GET', `/v1/meters/?organization_id=${owner.id}`, { token: other.token });
  expect(list.body.pagination.total_count).toBe(0);
});

test("the other environment's token is 401, and its data does not exist there", async () => {
  const sandbox = await h.organization(['meters:read', 'meters:write'], 'sandbox');
  const onProduction = await h.request('GET', '/v1/meters/', { token: sandbox.token, environment: 'production' });
  expect(onProduction.status).toBe(401);
  const productionOnSandbox = await h.request('GET', '/v1/meters/', { token: owner.token, environment: 'sandbox' });
  expect(productionOnSandbox.status).toBe(401);
  const onSandbox = await h.request('GET', '/v1/meters/', { token: sandbox.token, environment: 'sandbox' });
  expect(onSandbox.status).toBe(200);
  expect(onSandbox.body.items).toEqual([]);
});

test('a revoked token is 401', async () => {
  const revoked = await h.organization(['meters:read']);
  await h.env.production.orm.em
    .fork()
    .execute('update organization_access_token set revoked_at = now() where organization_id = ?', [revoked.id]);
  expect((await h.request('GET', '/v1/meters/', { token: revoked.token })).status).toBe(401);
});

test('tokens are stored only as an HMAC digest', async () => {
  const rows = await h.env.production.orm.em
    .fork()
    .execute('select token_hash from organization_access_token where organization_id = ?', [owner.id]);
  expect(rows).toHaveLength(1);
  expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(rows[0].token_hash).not.toContain(owner.token.slice(11));
});
