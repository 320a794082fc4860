// Dated API versions over HTTP: `Polar-Version` picks the shape, an unknown one is refused before anything is written,
// the version is echoed, each version has its OpenAPI document, and the 1.x client of each version works unchanged.
import { polarClient } from '../support/polar-sdk';
import { issueLicenseKey } from '../support/license-keys';
import { startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
let org: { id: string; token: string };
const DATED = ['2026-04', '2026-10', '2027-01'] as const;

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization([
    'products:read',
    'products:write',
    'customers:read',
    'customers:write',
    'benefits:write',
    'license_keys:read',
    'license_keys:write',
  ]);
});
afterAll(() => h.close());

const call = (method: string, path: string, version?: string, json?: unknown) =>
  h.request(method, path, {
    token: org.token,
    json,
    headers: version === undefined ? {} : { 'Polar-Version': version },
  });

const count = async (table: string) =>
  Number(
    (
      await h.env.production.orm.em
        .fork()
        .execute<{ n: string }[]>(`select count(*) as n from ${table} where organization_id = ?`, [org.id])
    )[0].n,
  );

test('an unknown or malformed version is a 404 before anything is written, and no row changes', async () => {
  const before = await count('product');
  for (const version of ['2099-13', '2025-01', 'latest', '2026-4', '2026-10-01']) {
    const refused = await call('POST', '/v1/products/', version, { name: 'Never', prices: [{ amount_type: 'free' }] });
    expect([refused.status, refused.body.error]).toEqual([404, 'ResourceNotFound']);
    expect(refused.body.detail).toContain('Polar-Version');
  }
  expect(await count('product')).toBe(before);
});

test('the resolved version is echoed on every response, errors included', async () => {
  expect((await call('GET', '/v1/products/')).headers.get('polar-version')).toBe('legacy');
  for (const version of DATED) {
    expect((await call('GET', '/v1/products/', version)).headers.get('polar-version')).toBe(version);
    expect(
      (await call('GET', '/v1/products/00000000-0000-4000-8000-000000000000', version)).headers.get('polar-version'),
    ).toBe(version);
  }
});

test('a field each version changed: present in the versions that have it, absent in the others', async () => {
  const product = (
    await call('POST', '/v1/products/', '2026-10', {
      name: 'Course',
      prices: [{ amount_type: 'fixed', price_amount: 900 }],
    })
  ).body;
  // Legacy prices say whether they recur; the dated ones do not, and dated products say whether they can be deleted.
  const legacy = (await call('GET', `/v1/products/${product.id}`)).body;
  expect(legacy.prices[0]).toMatchObject({ type: 'one_time', recurring_interval: null });
  expect(legacy).not.toHaveProperty('is_deletable');
  for (const version of DATED) {
    const dated = (await call('GET', `/v1/products/${product.id}`, version)).body;
    expect(dated.prices[0]).not.toHaveProperty('type');
    expect(dated.prices[0]).not.toHaveProperty('recurring_interval');
    expect(dated.is_deletable).toBe(true); // nothing holds it
  }
  // Customers gained first_user_event_at in 2026-04.
  const customer = (await call('POST', '/v1/customers/', undefined, { email: 'ada@example.com', name: 'Ada Lovelace' }))
    .body;
  expect(customer).not.toHaveProperty('first_user_event_at');
  expect(customer.avatar_url).toMatch(/^data:image\/svg\+xml,/);
  expect(decodeURIComponent(customer.avatar_url)).toContain('>AL</text>');
  for (const version of DATED)
    expect((await call('GET', `/v1/customers/${customer.id}`, version)).body.first_user_event_at).toBeNull();
  // License keys gained member_id and member in 2026-10.
  const { key } = await issueLicenseKey(h, {
    id: org.id,
    call: (method, path, json) => call(method, path, undefined, json),
  });
  const fields = async (version?: string) =>
    Object.keys((await call('GET', `/v1/license-keys/${key.id}`, version)).body);
  expect(await fields()).not.toContain('member_id');
  expect(await fields('2026-04')).not.toContain('member_id');
  expect(await fields('2026-10')).toEqual(expect.arrayContaining(['member_id', 'member']));
  expect(await fields('2027-01')).toEqual(expect.arrayContaining(['member_id', 'member']));
  // Validating a key names what granted it from 2027-01 on (here a grant of an order that no longer exists).
  const validated = async (version?: string) =>
    Object.keys(
      (await call('POST', '/v1/license-keys/validate', version, { key: key.key, organization_id: org.id })).body,
    );
  for (const version of [undefined, '2026-04', '2026-10'])
    expect(await validated(version)).not.toContain('subscription_id');
  expect(await validated('2027-01')).toEqual(
    expect.arrayContaining(['subscription_id', 'subscription', 'order_id', 'order', 'member_id']),
  );
});

test('each version has its own OpenAPI document, with the shapes that version answers', async () => {
  const schemas = async (path: string) => {
    const response = await h.request('GET', path);
    expect(response.status).toBe(200);
    return response.body.components.schemas;
  };
  const legacy = await schemas('/openapi.json');
  expect(legacy.Order.required).toEqual(expect.arrayContaining(['amount', 'user_id']));
  expect(legacy.Order.properties).not.toHaveProperty('units');
  expect(legacy.LicenseKeyRead.properties).not.toHaveProperty('member_id');
  for (const version of DATED) {
    const dated = await schemas(`/${version}/openapi.json`);
    expect(dated.Order.properties).not.toHaveProperty('amount');
    expect(dated.Order.properties).not.toHaveProperty('product_price');
    expect(dated.Order.required).toContain('units');
    expect('member_id' in dated.LicenseKeyRead.properties).toBe(version !== '2026-04');
  }
  expect((await h.request('GET', '/2031-01/openapi.json')).status).toBe(404);
});

test('the 1.x client of each dated version reads and writes through its own version', async () => {
  for (const version of DATED) {
    const polar = polarClient(version, { accessToken: org.token, baseUrl: h.url.production });
    const created = await polar.products.create({
      name: `Plan ${version}`,
      prices: [{ amount_type: 'fixed', price_amount: 1200 }],
    });
    expect(created).toMatchObject({ name: `Plan ${version}`, is_deletable: true });
    const page = await polar.products.list({ query: `Plan ${version}` });
    expect(page.items.map((p: { id: string }) => p.id)).toEqual([created.id]);
  }
});
