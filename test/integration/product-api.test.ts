// Products and every price type through HTTP: the reference shape, validation, immutable prices, events, isolation.
import { Product, ProductList } from '../../src/contracts/product';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };
let meterId: string;

const SCOPES = ['products:read', 'products:write', 'meters:write', 'benefits:write', 'custom_fields:write'] as const;
const post = (json: unknown, token = org.token) => h.request('POST', '/v1/products/', { token, json });
const oneTime = (prices: unknown[], extra: Record<string, unknown> = {}) => ({ name: 'Ebook', prices, ...extra });
const monthly = (prices: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'Pro plan',
  recurring_interval: 'month',
  prices,
  ...extra,
});
const locs = (body: { detail: { loc: unknown[] }[] }) => body.detail.map((d) => d.loc);

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization([...SCOPES]);
  const meter = await h.request('POST', '/v1/meters/', {
    token: org.token,
    json: {
      name: 'Tokens',
      filter: { conjunction: 'and', clauses: [] },
      aggregation: { func: 'sum', property: 'tokens' },
    },
  });
  meterId = meter.body.id;
});
afterAll(() => h.close());

describe('every price type is created, read back and listed in the reference shape', () => {
  const cases: [string, unknown[], boolean, Record<string, unknown>[]][] = [
    [
      'fixed',
      [{ amount_type: 'fixed', price_amount: 1500 }],
      false,
      [{ amount_type: 'fixed', price_amount: 1500, price_currency: 'usd' }],
    ],
    ['free (a fixed price of 0)', [{ amount_type: 'free' }], false, [{ amount_type: 'fixed', price_amount: 0 }]],
    [
      'custom (pay what you want)',
      [
        {
          amount_type: 'custom',
          minimum_amount: 500,
          maximum_amount: 10_000,
          preset_amount: 2000,
          price_currency: 'eur',
        },
      ],
      false,
      [
        {
          amount_type: 'custom',
          minimum_amount: 500,
          maximum_amount: 10_000,
          preset_amount: 2000,
          price_currency: 'eur',
        },
      ],
    ],
    [
      'custom with the default minimum',
      [{ amount_type: 'custom' }],
      false,
      [{ amount_type: 'custom', minimum_amount: 50, maximum_amount: null, preset_amount: null }],
    ],
    [
      'seat-based',
      [
        {
          amount_type: 'seat_based',
          seat_tiers: {
            tiers: [
              { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
              { min_seats: 5, price_per_seat: 800 },
            ],
          },
        },
      ],
      false,
      [
        {
          amount_type: 'seat_based',
          seat_tiers: {
            seat_tier_type: 'volume',
            minimum_seats: 1,
            maximum_seats: null,
            tiers: [
              { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
              { min_seats: 5, max_seats: null, price_per_seat: 800 },
            ],
          },
        },
      ],
    ],
    [
      'fixed plus metered unit',
      [
        { amount_type: 'fixed', price_amount: 2000 },
        { amount_type: 'metered_unit', meter_id: '<meter>', unit_amount: '0.050', cap_amount: 100_000 },
      ],
      true,
      [
        { amount_type: 'fixed', price_amount: 2000 },
        {
          amount_type: 'metered_unit',
          unit_amount: '0.05',
          cap_amount: 100_000,
          meter: { name: 'Tokens', unit: 'scalar' },
        },
      ],
    ],
  ];

  test.each(cases)('%s', async (_name, prices, recurring, expected) => {
    const withMeter = JSON.parse(JSON.stringify(prices).replaceAll('<meter>', meterId));
    const created = await post(recurring ? monthly(withMeter) : oneTime(withMeter));
    expect(created.status).toBe(201);
    expect(legacy(Product).parse(created.body)).toBeTruthy();
    expect(created.body).toMatchObject({
      is_recurring: recurring,
      is_archived: false,
      organization_id: org.id,
      benefits: [],
      medias: [],
      attached_custom_fields: [],
    });
    expect(created.body.prices).toMatchObject(
      expected.map((e) => ({
        source: 'catalog',
        is_archived: false,
        product_id: created.body.id,
        tax_behavior: null,
        ...e,
      })),
    );
    for (const price of created.body.prices) expect(price).not.toHaveProperty('legacy');

    const read = await h.request('GET', `/v1/products/${created.body.id}`, { token: org.token });
    expect(read.body).toEqual(created.body);
    const listed = await h.request('GET', `/v1/products/?id=${created.body.id}`, { token: org.token });
    expect(legacy(ProductList).parse(listed.body)).toBeTruthy();
    expect(listed.body.items).toEqual([created.body]);
  });
});

test('recurring settings: count defaults to 1, trials need both fields and a recurring product', async () => {
  const created = await post(
    monthly([{ amount_type: 'fixed', price_amount: 900 }], { trial_interval: 'day', trial_interval_count: 14 }),
  );
  expect(created.body).toMatchObject({
    recurring_interval: 'month',
    recurring_interval_count: 1,
    trial_interval: 'day',
    trial_interval_count: 14,
  });
  const trialOnOneTime = await post(
    oneTime([{ amount_type: 'fixed', price_amount: 900 }], { trial_interval: 'day', trial_interval_count: 7 }),
  );
  expect(trialOnOneTime.status).toBe(422);
  expect(locs(trialOnOneTime.body)).toContainEqual(['body', 'trial_interval']);
  const halfTrial = await post(monthly([{ amount_type: 'fixed', price_amount: 900 }], { trial_interval: 'day' }));
  expect(locs(halfTrial.body)).toContainEqual(['body', 'trial_interval_count']);
});

describe('price validation', () => {
  test.each([
    ['a negative amount', [{ amount_type: 'fixed', price_amount: -100 }], ['body', 'prices', 0, 'price_amount']],
    ['a non-integer amount', [{ amount_type: 'fixed', price_amount: 10.5 }], ['body', 'prices', 0, 'price_amount']],
    [
      'an amount below the chargeable minimum',
      [{ amount_type: 'fixed', price_amount: 30 }],
      ['body', 'prices', 0, 'price_amount'],
    ],
    [
      'an amount above the maximum',
      [{ amount_type: 'fixed', price_amount: 100_000_000 }],
      ['body', 'prices', 0, 'price_amount'],
    ],
    [
      'a minimum above the maximum',
      [{ amount_type: 'custom', minimum_amount: 5000, maximum_amount: 1000 }],
      ['body', 'prices', 0, 'maximum_amount'],
    ],
    [
      'a preset outside min and max',
      [{ amount_type: 'custom', minimum_amount: 500, maximum_amount: 1000, preset_amount: 2000 }],
      ['body', 'prices', 0, 'preset_amount'],
    ],
    [
      'overlapping seat tiers',
      [
        {
          amount_type: 'seat_based',
          seat_tiers: {
            tiers: [
              { min_seats: 1, max_seats: 5, price_per_seat: 1000 },
              { min_seats: 5, price_per_seat: 800 },
            ],
          },
        },
      ],
      ['body', 'prices', 0, 'seat_tiers', 'tiers', 1, 'min_seats'],
    ],
    [
      'gapped seat tiers',
      [
        {
          amount_type: 'seat_based',
          seat_tiers: {
            tiers: [
              { min_seats: 1, max_seats: 5, price_per_seat: 1000 },
              { min_seats: 8, price_per_seat: 800 },
            ],
          },
        },
      ],
      ['body', 'prices', 0, 'seat_tiers', 'tiers', 1, 'min_seats'],
    ],
    [
      'an open tier before the last',
      [
        {
          amount_type: 'seat_based',
          seat_tiers: {
            tiers: [
              { min_seats: 1, price_per_seat: 1000 },
              { min_seats: 5, price_per_seat: 800 },
            ],
          },
        },
      ],
      ['body', 'prices', 0, 'seat_tiers', 'tiers', 0, 'max_seats'],
    ],
    [
      'an unknown currency',
      [{ amount_type: 'fixed', price_amount: 1000, price_currency: 'xyz' }],
      ['body', 'prices', 0, 'price_currency'],
    ],
    ['an unknown amount type', [{ amount_type: 'tiered', price_amount: 1000 }], ['body', 'prices', 0, 'amount_type']],
    [
      'a custom price next to a fixed one',
      [{ amount_type: 'fixed', price_amount: 1000 }, { amount_type: 'custom' }],
      ['body', 'prices', 1, 'amount_type'],
    ],
    [
      'two fixed prices in one currency',
      [
        { amount_type: 'fixed', price_amount: 1000 },
        { amount_type: 'fixed', price_amount: 2000 },
      ],
      ['body', 'prices', 1, 'amount_type'],
    ],
    ['no price at all', [], ['body', 'prices']],
  ])('%s is a 422', async (_name, prices, loc) => {
    const response = await post(oneTime(prices));
    expect(response.status).toBe(422);
    expect(locs(response.body)).toContainEqual(loc);
  });

  test('a metered price needs a meter of this organization and a recurring product', async () => {
    const unknown = await post(
      monthly([{ amount_type: 'metered_unit', meter_id: '00000000-0000-4000-8000-000000000000', unit_amount: 1 }]),
    );
    expect(locs(unknown.body)).toContainEqual(['body', 'prices', 0, 'meter_id']);

    const other = await h.organization(['meters:write', 'products:write']);
    const theirMeter = await h.request('POST', '/v1/meters/', {
      token: other.token,
      json: { name: 'Theirs', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } },
    });
    const foreign = await post(
      monthly([{ amount_type: 'metered_unit', meter_id: theirMeter.body.id, unit_amount: 1 }]),
    );
    expect(foreign.status).toBe(422);
    expect(locs(foreign.body)).toContainEqual(['body', 'prices', 0, 'meter_id']);

    const oneTimeMetered = await post(oneTime([{ amount_type: 'metered_unit', meter_id: meterId, unit_amount: 1 }]));
    expect(locs(oneTimeMetered.body)).toContainEqual(['body', 'prices', 0, 'amount_type']);

    const badUnit = await post(monthly([{ amount_type: 'metered_unit', meter_id: meterId, unit_amount: '-1' }]));
    expect(locs(badUnit.body)).toContainEqual(['body', 'prices', 0, 'unit_amount']);
  });
});

test('a price change archives the old price, keeps it on record, and adds the new one', async () => {
  const created = await post(monthly([{ amount_type: 'fixed', price_amount: 1000 }]));
  const oldPrice = created.body.prices[0];
  const updated = await h.request('PATCH', `/v1/products/${created.body.id}`, {
    token: org.token,
    json: { prices: [{ amount_type: 'fixed', price_amount: 1200 }] },
  });
  expect(updated.status).toBe(200);
  expect(updated.body.prices).toHaveLength(1);
  expect(updated.body.prices[0]).toMatchObject({ amount_type: 'fixed', price_amount: 1200, is_archived: false });
  expect(updated.body.prices[0].id).not.toBe(oldPrice.id);

  const [stored] = await h.env.production.orm.em
    .fork()
    .execute('select price_amount, is_archived from product_price where id = ?', [oldPrice.id]);
  expect(stored).toEqual({ price_amount: 1000, is_archived: true });

  const keep = await h.request('PATCH', `/v1/products/${created.body.id}`, {
    token: org.token,
    json: {
      prices: [{ id: updated.body.prices[0].id }, { amount_type: 'metered_unit', meter_id: meterId, unit_amount: 2 }],
    },
  });
  expect(keep.body.prices.map((p: { id: string }) => p.id)).toContain(updated.body.prices[0].id);
  expect(keep.body.prices).toHaveLength(2);

  const notOurs = await h.request('PATCH', `/v1/products/${created.body.id}`, {
    token: org.token,
    json: { prices: [{ id: oldPrice.id }] },
  });
  expect(notOurs.status).toBe(422);
  expect(locs(notOurs.body)).toContainEqual(['body', 'prices', 0, 'id']);
});

test('update, archive, and a one-time product cannot become recurring', async () => {
  const created = await post(oneTime([{ amount_type: 'fixed', price_amount: 1000 }], { metadata: { sku: 'EB-1' } }));
  const updated = await h.request('PATCH', `/v1/products/${created.body.id}`, {
    token: org.token,
    json: {
      name: 'Ebook, second edition',
      description: 'Now with index',
      visibility: 'private',
      metadata: { sku: 'EB-2' },
      is_archived: true,
    },
  });
  expect(updated.body).toMatchObject({
    name: 'Ebook, second edition',
    description: 'Now with index',
    visibility: 'private',
    metadata: { sku: 'EB-2' },
    is_archived: true,
  });
  expect(updated.body.modified_at).not.toBeNull();
  const toRecurring = await h.request('PATCH', `/v1/products/${created.body.id}`, {
    token: org.token,
    json: { recurring_interval: 'month' },
  });
  expect(toRecurring.status).toBe(403);
  expect(toRecurring.body.error).toBe('NotPermitted');
});

test('product.created and product.updated are written to the outbox in the same transaction', async () => {
  const created = await post(oneTime([{ amount_type: 'fixed', price_amount: 1000 }], { name: 'Evented product' }));
  // The outbox keeps the newest version's shape; each endpoint gets it in its own version.
  const newest = await h.request('GET', `/v1/products/${created.body.id}`, {
    token: org.token,
    headers: { 'Polar-Version': '2027-01' },
  });
  await h.request('PATCH', `/v1/products/${created.body.id}`, {
    token: org.token,
    json: { name: 'Evented product v2' },
  });
  const rows = await h.env.production.orm.em
    .fork()
    .execute<{ payload: { type: string; timestamp: string; data: { name: string } } }[]>(
      "select payload from outbox_message where kind = 'event' and payload->'data'->>'id' = ? order by created_at",
      [created.body.id],
    );
  expect(rows.map((r) => r.payload.type)).toEqual(['product.created', 'product.updated']);
  expect(rows[0].payload.data).toEqual(newest.body);
  expect(rows[1].payload.data.name).toBe('Evented product v2');
  expect(rows[0].payload.timestamp).toMatch(/Z$/);

  const failed = await post(oneTime([{ amount_type: 'fixed', price_amount: 1 }], { name: 'Never created' }));
  expect(failed.status).toBe(422);
  const none = await h.env.production.orm.em
    .fork()
    .execute("select 1 from outbox_message where payload->'data'->>'name' = 'Never created'");
  expect(none).toHaveLength(0);
});

test('list filters and sorting', async () => {
  const lister = await h.organization([...SCOPES]);
  const make = (name: string, amount: number, extra: Record<string, unknown> = {}) =>
    post({ name, prices: [{ amount_type: 'fixed', price_amount: amount }], ...extra }, lister.token);
  const cheap = await make('Cheap thing', 500, { metadata: { tier: 'low' } });
  const dear = await make('Dear thing', 9000, { recurring_interval: 'year', visibility: 'private' });
  const mid = await make('Middle thing', 3000, { metadata: { tier: 'mid' } });
  const list = (q: string) => h.request('GET', `/v1/products/?${q}`, { token: lister.token });
  const names = (r: { body: { items: { name: string }[] } }) => r.body.items.map((p) => p.name);

  expect(names(await list('sorting=price_amount'))).toEqual(['Cheap thing', 'Middle thing', 'Dear thing']);
  expect(names(await list('sorting=-price_amount'))).toEqual(['Dear thing', 'Middle thing', 'Cheap thing']);
  expect(names(await list('sorting=name'))).toEqual(['Cheap thing', 'Dear thing', 'Middle thing']);
  expect(names(await list('is_recurring=true'))).toEqual(['Dear thing']);
  expect(names(await list('visibility=private'))).toEqual(['Dear thing']);
  expect(names(await list('metadata[tier]=mid'))).toEqual(['Middle thing']);
  expect(names(await list('query=cheap'))).toEqual(['Cheap thing']);
  expect((await list(`id=${cheap.body.id}&id=${dear.body.id}`)).body.pagination.total_count).toBe(2);

  const benefit = await h.request('POST', '/v1/benefits/', {
    token: lister.token,
    json: { type: 'custom', description: 'Priority support', properties: { note: 'Mail us' } },
  });
  await h.request('POST', `/v1/products/${mid.body.id}/benefits`, {
    token: lister.token,
    json: { benefits: [benefit.body.id] },
  });
  expect(names(await list(`benefit_id=${benefit.body.id}`))).toEqual(['Middle thing']);
});

test('benefits and custom fields attached to a product come back in full', async () => {
  const field = await h.request('POST', '/v1/custom-fields/', {
    token: org.token,
    json: { type: 'text', slug: 'company', name: 'Company', properties: { max_length: 100 } },
  });
  const benefit = await h.request('POST', '/v1/benefits/', {
    token: org.token,
    json: { type: 'feature_flag', description: 'Beta access', properties: {}, metadata: { flag: 'beta' } },
  });
  const created = await post(
    oneTime([{ amount_type: 'fixed', price_amount: 1000 }], {
      attached_custom_fields: [{ custom_field_id: field.body.id, required: true }],
    }),
  );
  expect(created.body.attached_custom_fields).toEqual([
    { custom_field_id: field.body.id, custom_field: field.body, order: 0, required: true },
  ]);

  const withBenefit = await h.request('POST', `/v1/products/${created.body.id}/benefits`, {
    token: org.token,
    json: { benefits: [benefit.body.id] },
  });
  expect(withBenefit.status).toBe(200);
  expect(withBenefit.body.benefits).toEqual([benefit.body]);

  const unknown = await h.request('POST', `/v1/products/${created.body.id}/benefits`, {
    token: org.token,
    json: { benefits: ['00000000-0000-4000-8000-000000000000'] },
  });
  expect(unknown.status).toBe(422);
  expect(locs(unknown.body)).toEqual([['body', 'benefits', 0]]);

  await h.request('DELETE', `/v1/benefits/${benefit.body.id}`, { token: org.token });
  await h.request('DELETE', `/v1/custom-fields/${field.body.id}`, { token: org.token });
  const after = await h.request('GET', `/v1/products/${created.body.id}`, { token: org.token });
  expect(after.body.benefits).toEqual([]);
  expect(after.body.attached_custom_fields).toEqual([]);
});

test("another organization's products are 404 and absent from lists", async () => {
  const created = await post(oneTime([{ amount_type: 'fixed', price_amount: 1000 }]));
  const other = await h.organization(['products:read', 'products:write']);
  expect((await h.request('GET', `/v1/products/${created.body.id}`, { token: other.token })).status).toBe(404);
  expect(
    (await h.request('PATCH', `/v1/products/${created.body.id}`, { token: other.token, json: { name: 'Mine now' } }))
      .status,
  ).toBe(404);
  expect(
    (
      await h.request('POST', `/v1/products/${created.body.id}/benefits`, {
        token: other.token,
        json: { benefits: [] },
      })
    ).status,
  ).toBe(404);
  expect((await h.request('GET', `/v1/products/?id=${created.body.id}`, { token: other.token })).body.items).toEqual(
    [],
  );
  expect(
    (await h.request('GET', '/v1/products/', { token: (await h.organization(['meters:read'])).token })).status,
  ).toBe(403);
});
