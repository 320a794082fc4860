// `POST /v1/organizations/` over real HTTP (as version 2026-10 answers it): a token of an organization with an owner
// creates another organization for that owner, with the settings the body sets; the answer carries its first access
// token (the calling token's scopes) once, never stored in clear nor shown again; a taken slug is 422, no owner or a
// token without organizations:write or organization_access_tokens:write is 403.
import { randomUUID } from 'node:crypto';
import { startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
const SCOPES = [
  'organizations:read',
  'organizations:write',
  'organization_access_tokens:write',
  'products:read',
] as const;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const slug = () => `shop-${randomUUID().slice(0, 8)}`;

async function founder(owner: string | null = 'owner@example.com') {
  const org = await h.organization([...SCOPES]);
  const call = (method: string, path: string, json?: unknown, headers?: Record<string, string>, token = org.token) =>
    h.request(method, path, { token, json, headers: { 'polar-version': '2026-10', ...headers } });
  if (owner) expect((await call('PATCH', `/v1/organizations/${org.id}`, { owner_email: owner })).status).toBe(200);
  return { org, call };
}

test('201: the new organization with the caller’s owner and the body’s settings, and its first token, once', async () => {
  const { org, call } = await founder('Owner@Example.com');
  const wanted = slug();
  const created = await call('POST', '/v1/organizations/', {
    name: 'Second Shop',
    slug: wanted,
    email: 'support@second.example',
    website: 'https://second.example',
    default_presentment_currency: 'eur',
    subscription_settings: { proration_behavior: 'invoice', keep_benefits_while_paused: true },
    customer_portal_settings: { subscription: { pause: true } },
    country: 'FR', // the reference's; Bursar keeps no country of its own (always null)
  });
  expect(created.status).toBe(201);
  const { first_access_token: first, ...organization } = created.body;
  expect(organization).toMatchObject({
    name: 'Second Shop',
    slug: wanted,
    email: 'support@second.example',
    website: 'https://second.example',
    owner_email: 'Owner@Example.com',
    default_presentment_currency: 'eur',
    proration_behavior: 'invoice',
    subscription_settings: { proration_behavior: 'invoice', keep_benefits_while_paused: true },
    customer_portal_settings: { subscription: { pause: true } },
    country: null,
    modified_at: null,
  });
  expect(organization.id).not.toBe(org.id);
  expect(first.token).toMatch(/^bursar_oat_/);
  expect(first.organization_access_token).toMatchObject({ organization_id: organization.id, expires_at: null });
  expect([...first.organization_access_token.scopes].sort()).toEqual([...SCOPES].sort());

  // the new token speaks for the new organization only; the founder's for its own
  const own = await call('GET', '/v1/organizations/', undefined, undefined, first.token);
  expect(own.body.items.map((o: { id: string }) => o.id)).toEqual([organization.id]);
  expect((await call('GET', `/v1/organizations/${organization.id}`, undefined, undefined, first.token)).body).toEqual(
    organization,
  );
  expect((await call('GET', `/v1/organizations/${organization.id}`)).status).toBe(404);
  expect((await call('GET', '/v1/organizations/')).body.items.map((o: { id: string }) => o.id)).toEqual([org.id]);

  // stored only as a digest: no read shows it again
  const stored = await h.env.production.orm.em
    .fork()
    .execute('select * from organization_access_token where organization_id = ?', [organization.id]);
  expect(stored).toHaveLength(1);
  expect(JSON.stringify(stored)).not.toContain(first.token.slice('bursar_oat_'.length));
});

test('422 for a taken slug, a bad slug or no name; 403 without an owner or without organizations:write', async () => {
  const { call } = await founder();
  const taken = slug();
  expect((await call('POST', '/v1/organizations/', { name: 'First', slug: taken })).status).toBe(201);
  const twice = await call('POST', '/v1/organizations/', { name: 'Again', slug: taken });
  expect(twice.status).toBe(422);
  expect(twice.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'slug'] })]);
  const bad = await call('POST', '/v1/organizations/', { name: 'Bad', slug: 'Not A Slug' });
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0].loc).toEqual(['body', 'slug']);
  expect((await call('POST', '/v1/organizations/', { slug: slug() })).status).toBe(422);
  const count = async (s: string) =>
    (await h.env.production.orm.em.fork().execute('select count(*)::int as n from organization where slug = ?', [s]))[0]
      .n;
  expect(await count(taken)).toBe(1);

  const ownerless = await founder(null);
  const refused = await ownerless.call('POST', '/v1/organizations/', { name: 'Orphan', slug: slug() });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: 'CannotCreateOrganizationError' });

  const notForTheOwner = await h.organization(['organizations:write']);
  const notOwners = await h.request('POST', '/v1/organizations/', {
    token: notForTheOwner.token,
    json: { name: 'Nope', slug: slug() },
  });
  expect(notOwners.status).toBe(403);
  expect(notOwners.body).toMatchObject({ error: 'CannotCreateOrganizationError' });

  const readOnly = await h.organization(['organizations:read']);
  const noScope = await h.request('POST', '/v1/organizations/', {
    token: readOnly.token,
    json: { name: 'Nope', slug: slug() },
  });
  expect(noScope.status).toBe(403);
});

test('an idempotency key replayed: one organization, the token not shown again (409 SecretNotReplayable)', async () => {
  const { call } = await founder();
  const wanted = slug();
  const key = { 'x-idempotency-key': randomUUID() };
  const first = await call('POST', '/v1/organizations/', { name: 'Once', slug: wanted }, key);
  expect(first.status).toBe(201);
  const again = await call('POST', '/v1/organizations/', { name: 'Once', slug: wanted }, key);
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ error: 'SecretNotReplayable' });
  expect(again.body.detail).toContain(first.body.id);
  expect(JSON.stringify(again.body)).not.toContain(first.body.first_access_token.token);
});
