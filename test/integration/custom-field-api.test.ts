// Custom fields through HTTP: the five types with their validation options, unique slugs, isolation.
import { CustomField, CustomFieldList } from '../../src/contracts/custom-field';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };
const post = (json: unknown, token = org.token) => h.request('POST', '/v1/custom-fields/', { token, json });

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['custom_fields:read', 'custom_fields:write']);
});
afterAll(() => h.close());

test.each([
  ['text', { form_label: 'Company', textarea: false, min_length: 2, max_length: 80 }],
  ['number', { form_label: 'Team size', ge: 1, le: 500 }],
  ['date', { form_label: 'Start date', ge: 1_700_000_000 }],
  ['checkbox', { form_label: 'I accept the terms' }],
  [
    'select',
    {
      form_label: 'Plan',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    },
  ],
])('%s field', async (type, properties) => {
  const created = await post({ type, slug: `field-${type}`, name: `Field ${type}`, properties });
  expect(created.status).toBe(201);
  expect(legacy(CustomField).parse(created.body)).toBeTruthy();
  expect(created.body).toMatchObject({ type, slug: `field-${type}`, properties, organization_id: org.id });
  expect((await h.request('GET', `/v1/custom-fields/${created.body.id}`, { token: org.token })).body).toEqual(
    created.body,
  );
});

test.each([
  [
    'min_length above max_length',
    { type: 'text', properties: { min_length: 10, max_length: 5 } },
    ['body', 'properties', 'max_length'],
  ],
  ['ge above le', { type: 'number', properties: { ge: 10, le: 1 } }, ['body', 'properties', 'le']],
  ['a select without options', { type: 'select', properties: { options: [] } }, ['body', 'properties', 'options']],
  [
    'duplicate option values',
    {
      type: 'select',
      properties: {
        options: [
          { value: 'x', label: 'X' },
          { value: 'x', label: 'Y' },
        ],
      },
    },
    ['body', 'properties', 'options', 1, 'value'],
  ],
  ['an unknown type', { type: 'color', properties: {} }, ['body', 'type']],
  ['an upper-case slug', { type: 'checkbox', slug: 'Bad Slug', properties: {} }, ['body', 'slug']],
])('%s is a 422', async (_name, body, loc) => {
  const response = await post({ slug: 'some-field', name: 'Some field', ...body });
  expect(response.status).toBe(422);
  expect(response.body.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
});

test('slugs are unique per organization; update keeps the type', async () => {
  const first = await post({ type: 'text', slug: 'vat', name: 'VAT', properties: {} });
  const again = await post({ type: 'number', slug: 'vat', name: 'VAT 2', properties: {} });
  expect(again.status).toBe(422);
  expect(again.body.detail[0]).toMatchObject({ loc: ['body', 'slug'], type: 'duplicate' });
  const other = await h.organization(['custom_fields:write']);
  expect((await post({ type: 'text', slug: 'vat', name: 'VAT', properties: {} }, other.token)).status).toBe(201);

  const updated = await h.request('PATCH', `/v1/custom-fields/${first.body.id}`, {
    token: org.token,
    json: { type: 'text', name: 'VAT number', properties: { max_length: 20 } },
  });
  expect(updated.body).toMatchObject({ name: 'VAT number', slug: 'vat', properties: { max_length: 20 } });
  const retype = await h.request('PATCH', `/v1/custom-fields/${first.body.id}`, {
    token: org.token,
    json: { type: 'number' },
  });
  expect(retype.status).toBe(422);
});

test('list, filter by type and search; delete; other organizations get 404', async () => {
  const lister = await h.organization(['custom_fields:read', 'custom_fields:write']);
  await post({ type: 'text', slug: 'alpha', name: 'Alpha', properties: {} }, lister.token);
  const beta = await post({ type: 'checkbox', slug: 'beta', name: 'Beta', properties: {} }, lister.token);
  const list = (q: string) => h.request('GET', `/v1/custom-fields/?${q}`, { token: lister.token });
  expect(legacy(CustomFieldList).parse((await list('')).body)).toBeTruthy();
  expect((await list('type=checkbox')).body.items.map((f: { slug: string }) => f.slug)).toEqual(['beta']);
  expect((await list('query=alp')).body.items.map((f: { slug: string }) => f.slug)).toEqual(['alpha']);
  expect((await list('sorting=-slug')).body.items.map((f: { slug: string }) => f.slug)).toEqual(['beta', 'alpha']);

  expect((await h.request('GET', `/v1/custom-fields/${beta.body.id}`, { token: org.token })).status).toBe(404);
  expect((await h.request('DELETE', `/v1/custom-fields/${beta.body.id}`, { token: org.token })).status).toBe(404);
  expect((await h.request('DELETE', `/v1/custom-fields/${beta.body.id}`, { token: lister.token })).status).toBe(204);
  expect((await h.request('GET', `/v1/custom-fields/${beta.body.id}`, { token: lister.token })).status).toBe(404);
});
