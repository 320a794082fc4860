// Discounts through HTTP: the four reference variants, validation, case-insensitive unique codes, isolation.
import { Discount, DiscountList } from '../../src/contracts/discount';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };
let productId: string;

const post = (json: unknown, token = org.token) => h.request('POST', '/v1/discounts/', { token, json });
const locs = (body: { detail: { loc: unknown[] }[] }) => body.detail.map((d) => d.loc);

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['discounts:read', 'discounts:write', 'products:write']);
  const product = await h.request('POST', '/v1/products/', {
    token: org.token,
    json: { name: 'Course', prices: [{ amount_type: 'fixed', price_amount: 5000 }] },
  });
  productId = product.body.id;
});
afterAll(() => h.close());

test.each([
  [
    'percentage once',
    { type: 'percentage', basis_points: 1500, duration: 'once' },
    { basis_points: 1500 },
    ['amount', 'duration_in_months'],
  ],
  [
    'percentage repeating',
    { type: 'percentage', basis_points: 10_000, duration: 'repeating', duration_in_months: 3 },
    { basis_points: 10_000, duration_in_months: 3 },
    ['amount'],
  ],
  [
    'fixed forever',
    { type: 'fixed', amount: 500, currency: 'eur', duration: 'forever' },
    { amount: 500, currency: 'eur', amounts: { eur: 500 } },
    ['basis_points', 'duration_in_months'],
  ],
  [
    'fixed repeating',
    { type: 'fixed', amount: 500, duration: 'repeating', duration_in_months: 12 },
    { amount: 500, currency: 'usd', amounts: { usd: 500 }, duration_in_months: 12 },
    ['basis_points'],
  ],
])('%s is created, read and listed in its reference variant', async (_name, body, expected, absent) => {
  const created = await post({ name: 'Launch', ...body });
  expect(created.status).toBe(201);
  expect(legacy(Discount).parse(created.body)).toBeTruthy();
  expect(created.body).toMatchObject({
    ...expected,
    redemptions_count: 0,
    max_redemptions: null,
    code: null,
    products: [],
    organization_id: org.id,
    metadata: {},
  });
  for (const key of absent) expect(created.body).not.toHaveProperty(key);
  expect((await h.request('GET', `/v1/discounts/${created.body.id}`, { token: org.token })).body).toEqual(created.body);
});

test('code, window, redemption limit and product restriction', async () => {
  const created = await post({
    name: 'Spring',
    type: 'percentage',
    basis_points: 2000,
    duration: 'once',
    code: 'Spring25',
    starts_at: '2027-03-01T00:00:00Z',
    ends_at: '2027-06-01T00:00:00Z',
    max_redemptions: 100,
    products: [productId],
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    code: 'Spring25',
    starts_at: '2027-03-01T00:00:00.000Z',
    ends_at: '2027-06-01T00:00:00.000Z',
    max_redemptions: 100,
  });
  expect(created.body.products).toEqual([
    expect.objectContaining({ id: productId, name: 'Course', is_recurring: false }),
  ]);
});

describe('validation', () => {
  test.each([
    [
      'a percentage above 100 %',
      { type: 'percentage', basis_points: 10_001, duration: 'once' },
      ['body', 'basis_points'],
    ],
    ['a zero percentage', { type: 'percentage', basis_points: 0, duration: 'once' }, ['body', 'basis_points']],
    ['a negative fixed amount', { type: 'fixed', amount: -5, duration: 'once' }, ['body', 'amount']],
    ['a fixed discount without amount', { type: 'fixed', duration: 'once' }, ['body', 'amount']],
    [
      'repeating without months',
      { type: 'percentage', basis_points: 100, duration: 'repeating' },
      ['body', 'duration_in_months'],
    ],
    [
      'months on a once discount',
      { type: 'percentage', basis_points: 100, duration: 'once', duration_in_months: 2 },
      ['body', 'duration_in_months'],
    ],
    ['an unknown duration', { type: 'percentage', basis_points: 100, duration: 'weekly' }, ['body', 'duration']],
    [
      'an end before the start',
      {
        type: 'percentage',
        basis_points: 100,
        duration: 'once',
        starts_at: '2027-02-01T00:00:00Z',
        ends_at: '2027-01-01T00:00:00Z',
      },
      ['body', 'ends_at'],
    ],
    [
      'a code with spaces',
      { type: 'percentage', basis_points: 100, duration: 'once', code: 'two words' },
      ['body', 'code'],
    ],
    [
      'an unknown product',
      { type: 'percentage', basis_points: 100, duration: 'once', products: ['00000000-0000-4000-8000-000000000000'] },
      ['body', 'products', 0],
    ],
  ])('%s is a 422', async (_name, body, loc) => {
    const response = await post({ name: 'Bad', ...body });
    expect(response.status).toBe(422);
    expect(locs(response.body)).toContainEqual(loc);
  });

  test('a duplicate code is refused, ignoring case; a deleted discount frees its code', async () => {
    const first = await post({ name: 'A', type: 'percentage', basis_points: 500, duration: 'once', code: 'WELCOME' });
    expect(first.status).toBe(201);
    const duplicate = await post({
      name: 'B',
      type: 'percentage',
      basis_points: 500,
      duration: 'once',
      code: 'welcome',
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.detail[0]).toMatchObject({ loc: ['body', 'code'], type: 'duplicate' });

    const racing = await Promise.all(
      ['Race', 'RACE', 'race'].map((code) =>
        post({ name: 'R', type: 'percentage', basis_points: 500, duration: 'once', code }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 422, 422]);

    const other = await h.organization(['discounts:write']);
    expect(
      (
        await post(
          { name: 'Theirs', type: 'percentage', basis_points: 500, duration: 'once', code: 'WELCOME' },
          other.token,
        )
      ).status,
    ).toBe(201);

    expect((await h.request('DELETE', `/v1/discounts/${first.body.id}`, { token: org.token })).status).toBe(204);
    expect((await h.request('GET', `/v1/discounts/${first.body.id}`, { token: org.token })).status).toBe(404);
    expect(
      (await post({ name: 'C', type: 'percentage', basis_points: 500, duration: 'once', code: 'Welcome' })).status,
    ).toBe(201);
  });
});

test('update changes terms and restrictions, and switches variants', async () => {
  const created = await post({ name: 'Flexible', type: 'percentage', basis_points: 1000, duration: 'once' });
  const toFixed = await h.request('PATCH', `/v1/discounts/${created.body.id}`, {
    token: org.token,
    json: {
      type: 'fixed',
      amount: 700,
      currency: 'gbp',
      duration: 'repeating',
      duration_in_months: 6,
      products: [productId],
      name: 'Flexible 2',
    },
  });
  expect(toFixed.status).toBe(200);
  expect(toFixed.body).toMatchObject({
    name: 'Flexible 2',
    type: 'fixed',
    amount: 700,
    currency: 'gbp',
    duration: 'repeating',
    duration_in_months: 6,
  });
  expect(toFixed.body).not.toHaveProperty('basis_points');
  expect(toFixed.body.products.map((p: { id: string }) => p.id)).toEqual([productId]);

  const missingMonths = await h.request('PATCH', `/v1/discounts/${created.body.id}`, {
    token: org.token,
    json: { duration: 'repeating', duration_in_months: null, type: 'percentage', basis_points: 300 },
  });
  expect(missingMonths.status).toBe(200); // months kept from before
  expect(missingMonths.body).toMatchObject({ type: 'percentage', basis_points: 300, duration_in_months: 6 });
});

test('list with name/code search and sorting', async () => {
  const lister = await h.organization(['discounts:read', 'discounts:write']);
  for (const [name, code] of [
    ['Zeta', 'ZZZ'],
    ['Alpha', 'AAA'],
    ['Mid', null],
  ] as const) {
    await post({ name, code, type: 'percentage', basis_points: 100, duration: 'once' }, lister.token);
  }
  const list = (q: string) => h.request('GET', `/v1/discounts/?${q}`, { token: lister.token });
  const byName = await list('sorting=name');
  expect(legacy(DiscountList).parse(byName.body)).toBeTruthy();
  expect(byName.body.items.map((d: { name: string }) => d.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
  expect((await list('query=zz')).body.items.map((d: { name: string }) => d.name)).toEqual(['Zeta']);
  expect((await list('sorting=-name&limit=1')).body.pagination).toEqual({ total_count: 3, max_page: 3 });
});

test("another organization's discounts are 404", async () => {
  const created = await post({ name: 'Mine', type: 'percentage', basis_points: 100, duration: 'once' });
  const other = await h.organization(['discounts:read', 'discounts:write']);
  expect((await h.request('GET', `/v1/discounts/${created.body.id}`, { token: other.token })).status).toBe(404);
  expect(
    (await h.request('PATCH', `/v1/discounts/${created.body.id}`, { token: other.token, json: { name: 'x' } })).status,
  ).toBe(404);
  expect((await h.request('DELETE', `/v1/discounts/${created.body.id}`, { token: other.token })).status).toBe(404);
  const foreignProduct = await post(
    { name: 'X', type: 'percentage', basis_points: 100, duration: 'once', products: [productId] },
    other.token,
  );
  expect(foreignProduct.status).toBe(422);
});
