// Conventions that existing client SDKs of this API rely on: canonical collection paths, paths that are not ids,
// and public routes declared like every other.
import { startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  token = (
    await h.organization(
      ['orders:read', 'customers:read', 'subscriptions:read', 'test_clocks:read', 'products:read'],
      'sandbox',
    )
  ).token;
});
afterAll(() => h.close());

const raw = (path: string, init: RequestInit = {}) => fetch(`${h.url.sandbox}${path}`, { redirect: 'manual', ...init });

test.each(['/v1/test-clocks', '/v1/products', '/v1/orders'])(
  'GET %s (no trailing slash) answers 307 to the canonical collection path',
  async (path) => {
    const response = await raw(`${path}?limit=5`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get('location')!, h.url.sandbox);
    expect(location.pathname + location.search).toBe(`${path}/?limit=5`);
    const followed = await fetch(location, { headers: { authorization: `Bearer ${token}` } });
    expect(followed.status).toBe(200);
    expect(((await followed.json()) as { pagination: { total_count: number } }).pagination.total_count).toBe(0);
  },
);

test('a path that exists only without a trailing slash is not redirected, and an unknown path is 404', async () => {
  expect((await raw('/v1/webhooks/endpoints', { headers: { authorization: `Bearer ${token}` } })).status).toBe(403); // exists: scope refused
  const unknown = await raw('/v1/nothing-here', { headers: { authorization: `Bearer ${token}` } });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ error: 'ResourceNotFound', detail: 'No such endpoint.' });
});

test.each(['/v1/metrics/limits', '/v1/metrics/'])(
  '%s exists: a token without metrics:read is refused 403',
  async (path) => {
    const response = await raw(path, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'NotPermitted' });
  },
);

test('a malformed id is still a 422 on the path', async () => {
  const response = await raw('/v1/orders/not-an-id', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(422);
  expect(((await response.json()) as { detail: { loc: unknown }[] }).detail[0].loc).toEqual(['path', 'id']);
});

test('public routes are in the OpenAPI document without a security requirement; token routes keep theirs', async () => {
  const { body: doc } = await h.request('GET', '/openapi.json');
  expect(doc.paths['/v1/checkouts/client/{client_secret}'].get.security).toEqual([]);
  expect(doc.paths['/v1/checkouts/client/{client_secret}/confirm'].post.responses).toHaveProperty('200');
  expect(doc.paths['/v1/checkout-links/{client_secret}/redirect'].get.responses).toHaveProperty('307');
  expect(doc.paths['/v1/checkouts/client/{client_secret}'].get.responses).not.toHaveProperty('401');
  expect(doc.paths['/v1/orders/'].get.security).toEqual([{ organization_access_token: ['orders:read'] }]);
});
