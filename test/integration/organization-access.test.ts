// An organization over the API: read, listed, edited (organization.updated), and its access tokens' whole life —
// created with scopes the caller carries, used (last_used_at), edited, revoked (401 at once), expired.
import { Organization, OrganizationList } from '../../src/contracts/organization';
import { OrganizationAccessToken, OrganizationAccessTokenList } from '../../src/contracts/organization-access-token';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };
let other: { id: string; token: string };

const ADMIN = [
  'organizations:read',
  'organizations:write',
  'organization_access_tokens:write',
  'products:read',
  'products:write',
] as const;

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization([...ADMIN]);
  other = await h.organization([...ADMIN]);
});
afterAll(() => h.close());

const call = (method: string, path: string, json?: unknown, token = org.token) =>
  h.request(method, path, { token, json });
const sql = <T>(query: string, params: unknown[] = []) =>
  h.env.production.orm.em.getConnection().execute<T[]>(query, params);

test("a token reads its own organization, in the reference's shape, and no other", async () => {
  const own = await call('GET', `/v1/organizations/${org.id}`);
  expect(own.status).toBe(200);
  expect(legacy(Organization).parse(own.body)).toMatchObject({
    id: org.id,
    proration_behavior: 'prorate',
    allow_customer_updates: true,
    owner_email: null,
    invoice_numbering: 'customer',
    customer_portal_settings: { usage: { show: true }, subscription: { update_plan: true, update_seats: true } },
  });
  expect((await call('GET', `/v1/organizations/${org.id.toUpperCase()}`)).body.id).toBe(org.id);
  expect((await call('GET', `/v1/organizations/${other.id}`)).status).toBe(404);

  const list = await call('GET', '/v1/organizations/');
  expect(legacy(OrganizationList).parse(list.body)).toEqual({
    items: [own.body],
    pagination: { total_count: 1, max_page: 1 },
  });
  expect((await call('GET', `/v1/organizations/?slug=${own.body.slug}`)).body.items).toHaveLength(1);
  expect((await call('GET', '/v1/organizations/?slug=someone-else')).body).toEqual({
    items: [],
    pagination: { total_count: 0, max_page: 0 },
  });
});

test('an edit changes the settings the engine reads and writes organization.updated', async () => {
  const slug = `edited-${org.id.slice(0, 8)}`;
  const patch = {
    name: 'Edited Shop',
    slug,
    email: 'support@example.com',
    website: 'https://shop.example.com',
    owner_email: 'owner@example.com',
    invoice_numbering: 'organization',
    customer_invoice_prefix: 'EDIT',
    subscription_settings: { proration_behavior: 'invoice', allow_customer_updates: false },
    customer_portal_settings: { subscription: { update_seats: false } },
  };
  const edited = await call('PATCH', `/v1/organizations/${org.id}`, patch);
  expect(edited.status).toBe(200);
  expect(legacy(Organization).parse(edited.body)).toMatchObject({
    name: 'Edited Shop',
    slug,
    email: 'support@example.com',
    website: 'https://shop.example.com',
    owner_email: 'owner@example.com',
    invoice_numbering: 'organization',
    customer_invoice_prefix: 'EDIT',
    proration_behavior: 'invoice',
    allow_customer_updates: false,
    subscription_settings: { proration_behavior: 'invoice', allow_customer_updates: false },
    customer_portal_settings: { subscription: { update_plan: true, update_seats: false } },
  });
  expect(edited.body.modified_at).not.toBeNull();
  expect((await call('GET', `/v1/organizations/${org.id}`)).body).toEqual(edited.body);
  // the portal's view of the organization follows: no customer updates at all
  const portalView = await h.request('GET', `/v1/customer-portal/organizations/${slug}`);
  expect(portalView.body.organization).toMatchObject({
    allow_customer_updates: false,
    customer_portal_settings: { subscription: { update_plan: false } },
  });

  const events = await sql<{ payload: { type: string; data: { id: string; name: string } } }>(
    "select payload from outbox_message where organization_id = ? and payload->>'type' = 'organization.updated'",
    [org.id],
  );
  expect(events.map((e) => e.payload.data)).toEqual([expect.objectContaining({ id: org.id, name: 'Edited Shop' })]);

  const cleared = await call('PATCH', `/v1/organizations/${org.id}`, { email: null, customer_invoice_prefix: null });
  expect(cleared.body).toMatchObject({ email: null, customer_invoice_prefix: null, name: 'Edited Shop' });
});

test('edits that cannot be made are refused and change nothing', async () => {
  const before = (await call('GET', `/v1/organizations/${org.id}`)).body;
  const otherSlug = (await call('GET', `/v1/organizations/${other.id}`, undefined, other.token)).body.slug;
  const taken = await call('PATCH', `/v1/organizations/${org.id}`, { slug: otherSlug, name: 'Never' });
  expect([taken.status, taken.body.error]).toEqual([409, 'Conflict']);
  for (const [body, field] of [
    [{ customer_invoice_prefix: 'shop eu' }, 'customer_invoice_prefix'],
    [{ slug: 'Not A Slug' }, 'slug'],
    [{ owner_email: 'nobody' }, 'owner_email'],
    [{ subscription_settings: { proration_behavior: 'sometimes' } }, 'subscription_settings'],
  ] as const) {
    const refused = await call('PATCH', `/v1/organizations/${org.id}`, body);
    expect([refused.status, refused.body.detail[0].loc[1]]).toEqual([422, field]);
  }
  expect((await call('PATCH', `/v1/organizations/${other.id}`, { name: 'Hijacked' })).status).toBe(404);
  const reader = await createToken({ scopes: ['organizations:read'] });
  expect((await call('PATCH', `/v1/organizations/${org.id}`, { name: 'Reader' }, reader.token)).status).toBe(403);
  // where leak notices go is for a token that may manage access, not any token that may edit the organization
  const editor = await createToken({ scopes: ['organizations:write'] });
  const moved = await call(
    'PATCH',
    `/v1/organizations/${org.id}`,
    { owner_email: 'attacker@example.com' },
    editor.token,
  );
  expect([moved.status, moved.body.error]).toEqual([403, 'NotPermitted']);
  expect((await call('GET', `/v1/organizations/${org.id}`)).body).toEqual(before);
});

async function createToken(body: Record<string, unknown>, token = org.token) {
  const created = await call('POST', '/v1/organization-access-tokens/', body, token);
  expect(created.status).toBe(201);
  return {
    token: created.body.token as string,
    id: created.body.organization_access_token.id as string,
    body: created.body,
  };
}

test('a token is created with scopes its creator carries, used, edited and revoked — 401 at once', async () => {
  const created = await createToken({ comment: 'CI deploys', scopes: ['products:read'], expires_in: 3600 });
  expect(created.token).toMatch(/^bursar_oat_[0-9A-Za-z]{43}$/);
  const output = legacy(OrganizationAccessToken).parse(created.body.organization_access_token);
  expect(output).toMatchObject({
    comment: 'CI deploys',
    scopes: ['products:read'],
    last_used_at: null,
    modified_at: null,
  });
  const lifetime = Date.parse(output.expires_at!) - Date.parse(output.created_at);
  expect(lifetime).toBe(3_600_000);

  expect((await call('GET', '/v1/products/', undefined, created.token)).status).toBe(200);
  expect((await call('POST', '/v1/products/', { name: 'x', prices: [] }, created.token)).status).toBe(403);
  const used = await call('GET', `/v1/organization-access-tokens/${created.id}`);
  expect(used.body.last_used_at).not.toBeNull();
  expect(Date.now() - Date.parse(used.body.last_used_at)).toBeLessThan(60_000);
  expect(used.body).not.toHaveProperty('token');

  const list = await call('GET', '/v1/organization-access-tokens/');
  expect(
    legacy(OrganizationAccessTokenList)
      .parse(list.body)
      .items.map((t) => t.id),
  ).toContain(created.id);
  expect(JSON.stringify(list.body)).not.toContain(created.token);

  const edited = await call('PATCH', `/v1/organization-access-tokens/${created.id}`, {
    comment: 'CI',
    scopes: ['products:read', 'products:write'],
  });
  expect(edited.body).toMatchObject({ comment: 'CI', scopes: ['products:read', 'products:write'] });
  expect(
    (await call('POST', '/v1/products/', { name: 'By CI', prices: [{ amount_type: 'free' }] }, created.token)).status,
  ).toBe(201);

  expect((await call('DELETE', `/v1/organization-access-tokens/${created.id}`)).status).toBe(204);
  const refused = await call('GET', '/v1/products/', undefined, created.token);
  expect([refused.status, refused.body.error]).toEqual([401, 'Unauthorized']);
  expect((await call('DELETE', `/v1/organization-access-tokens/${created.id}`)).status).toBe(404);
  expect(
    (await call('GET', '/v1/organization-access-tokens/')).body.items.map((t: { id: string }) => t.id),
  ).not.toContain(created.id);
});

test('an expired token is answered 401', async () => {
  const created = await createToken({ scopes: ['products:read'], expires_in: 60 });
  expect((await call('GET', '/v1/products/', undefined, created.token)).status).toBe(200);
  await sql("update organization_access_token set expires_at = now() - interval '1 second' where id = ?", [created.id]);
  expect((await call('GET', '/v1/products/', undefined, created.token)).status).toBe(401);
});

test('no token grants more than it carries; unknown scopes are refused; tokens stay in their organization', async () => {
  const beyond = await call('POST', '/v1/organization-access-tokens/', { scopes: ['orders:read'] });
  expect([beyond.status, beyond.body.error]).toEqual([403, 'NotPermitted']);
  expect(beyond.body.detail).toContain('orders:read');
  const unknown = await call('POST', '/v1/organization-access-tokens/', { scopes: ['products:fly'] });
  expect([unknown.status, unknown.body.detail[0].loc]).toEqual([422, ['body', 'scopes', 0]]);
  expect((await call('POST', '/v1/organization-access-tokens/', { scopes: [] })).status).toBe(422);

  const limited = await createToken({ scopes: ['products:read'] });
  const escalate = await call('PATCH', `/v1/organization-access-tokens/${limited.id}`, { scopes: ['orders:write'] });
  expect(escalate.status).toBe(403);
  // a token without the token scopes can neither list nor create tokens
  expect((await call('GET', '/v1/organization-access-tokens/', undefined, limited.token)).status).toBe(403);
  expect(
    (await call('POST', '/v1/organization-access-tokens/', { scopes: ['products:read'] }, limited.token)).status,
  ).toBe(403);

  expect((await call('GET', `/v1/organization-access-tokens/${limited.id}`, undefined, other.token)).status).toBe(404);
  expect((await call('DELETE', `/v1/organization-access-tokens/${limited.id}`, undefined, other.token)).status).toBe(
    404,
  );
  expect((await call('GET', '/v1/products/', undefined, limited.token)).status).toBe(200);

  // a token manages only tokens within its own scopes: a narrower admin cannot revoke or edit a broader token
  const narrowAdmin = await createToken({ scopes: ['organization_access_tokens:write', 'products:read'] });
  const broad = await createToken({ scopes: ['products:read', 'products:write'] });
  expect(
    (await call('DELETE', `/v1/organization-access-tokens/${broad.id}`, undefined, narrowAdmin.token)).status,
  ).toBe(403);
  expect(
    (await call('PATCH', `/v1/organization-access-tokens/${broad.id}`, { comment: 'mine now' }, narrowAdmin.token))
      .status,
  ).toBe(403);
  expect(
    (await call('DELETE', `/v1/organization-access-tokens/${limited.id}`, undefined, narrowAdmin.token)).status,
  ).toBe(204);
  expect((await call('GET', '/v1/products/', undefined, broad.token)).status).toBe(200);
});

test('using a token records last_used_at at most once a minute', async () => {
  const created = await createToken({ scopes: ['products:read'] });
  await call('GET', '/v1/products/', undefined, created.token);
  const [first] = await sql<{ last_used_at: string }>(
    'select last_used_at from organization_access_token where id = ?',
    [created.id],
  );
  await call('GET', '/v1/products/', undefined, created.token);
  const [second] = await sql<{ last_used_at: string }>(
    'select last_used_at from organization_access_token where id = ?',
    [created.id],
  );
  expect(second.last_used_at).toEqual(first.last_used_at);
  await sql("update organization_access_token set last_used_at = now() - interval '2 minutes' where id = ?", [
    created.id,
  ]);
  await call('GET', '/v1/products/', undefined, created.token);
  const [third] = await sql<{ last_used_at: string }>(
    'select last_used_at from organization_access_token where id = ?',
    [created.id],
  );
  expect(Date.now() - Date.parse(third.last_used_at)).toBeLessThan(10_000);
});

test('one X-Idempotency-Key mints one token: 50 identical requests at once, and a later repeat, are refused 409 naming it', async () => {
  const admin = await h.organization([...ADMIN]);
  const body = { comment: 'Deploy bot', scopes: ['products:read'] };
  const send = (json: unknown = body) =>
    h.request('POST', '/v1/organization-access-tokens/', {
      token: admin.token,
      json,
      headers: { 'x-idempotency-key': 'mint-once' },
    });
  const answers = await Promise.all(Array.from({ length: 50 }, () => send()));
  const created = answers.filter((a) => a.status === 201);
  expect(created).toHaveLength(1);
  const { id } = created[0].body.organization_access_token;
  const token: string = created[0].body.token;
  const refusals = answers.filter((a) => a.status !== 201);
  expect(new Set(refusals.map((a) => `${a.status} ${a.body.error}`))).toEqual(new Set(['409 SecretNotReplayable']));
  for (const refusal of refusals) {
    expect(refusal.body.detail).toContain(id);
    expect(JSON.stringify(refusal.body)).not.toContain(token);
  }
  const live = await sql<{ n: number }>(
    'select count(*)::int as n from organization_access_token where organization_id = ? and comment = ?',
    [admin.id, 'Deploy bot'],
  );
  expect(live).toEqual([{ n: 1 }]);

  const later = await send();
  expect([later.status, later.body.error]).toEqual([409, 'SecretNotReplayable']);
  expect(later.body).not.toHaveProperty('token');
  expect((await send({ ...body, comment: 'Other' })).body.error).toBe('IdempotencyKeyReused');
  expect((await call('GET', '/v1/products/', undefined, token)).status).toBe(200); // the one minted token works
});
