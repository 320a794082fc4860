// Members of customers: every customer has its owner; the organization adds, changes and deletes members by ids or
// external ids (with the 1.x client), one owner always; member.* webhooks arrive signed; a session (by the API or an
// e-mailed code) speaks for one member, and the portal serves a plain member only what is its own.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { inTransaction } from '../../src/platform/database/transaction';
import { waitForMail } from '../support/mail-catcher';
import { clientWebhooks, polarClient } from '../support/polar-sdk';
import { startReceiver, verifies, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
let org: { id: string; token: string };
let receiver: Receiver;
let secret: string;
let polar: any;

const call = (method: string, path: string, json?: unknown) =>
  h.request(method, path, { token: org.token, environment: 'sandbox', json });
const portal = (token: string, method: string, path: string, json?: unknown) =>
  h.request(method, `/v1/customer-portal${path}`, { token, environment: 'sandbox', json });

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  org = await h.organization(
    ['customers:write', 'customers:read', 'members:read', 'members:write', 'customer_sessions:write', 'webhooks:write'],
    'sandbox',
  );
  polar = polarClient('2026-10', { accessToken: org.token, baseUrl: h.url.sandbox });
  receiver = await startReceiver();
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['member.created', 'member.updated', 'member.deleted'],
  });
  expect(endpoint.status).toBe(201);
  secret = endpoint.body.secret;
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function customer(externalId?: string) {
  const email = `acct-${unique()}@example.com`;
  const created = await call('POST', '/v1/customers/', { email, name: 'Acme', external_id: externalId });
  expect(created.status).toBe(201);
  return created.body as { id: string; email: string };
}

test('member CRUD by ids and by external ids, the owner rules and duplicates; member.* webhooks arrive signed', async () => {
  const account = await customer(`acct-${unique()}`);
  const members = polar.customers.members;
  const [owner] = (await members.list(account.id, {})).items;
  expect(owner).toMatchObject({ customer_id: account.id, email: account.email, name: 'Acme', role: 'owner' });

  const bob = await members.create(account.id, { email: 'bob@example.com', name: 'Bob', external_id: 'bob' });
  expect(bob).toMatchObject({ role: 'member', email: 'bob@example.com', external_id: 'bob', modified_at: null });
  const carol = await members.createExternal((await call('GET', `/v1/customers/${account.id}`)).body.external_id, {
    email: 'carol@example.com',
    role: 'billing_manager',
    external_id: 'carol',
  });
  expect(carol.role).toBe('billing_manager');
  expect(await members.getExternal((await call('GET', `/v1/customers/${account.id}`)).body.external_id, 'bob')).toEqual(
    bob,
  );
  expect(await members.get(account.id, carol.id)).toEqual(carol);

  const list = (query = '') => call('GET', `/v1/customers/${account.id}/members${query}`);
  expect((await list('?role=billing_manager')).body.items.map((m: { id: string }) => m.id)).toEqual([carol.id]);
  expect((await list('?sorting=-created_at&limit=2')).body).toMatchObject({
    items: [{ id: carol.id }, { id: bob.id }],
    pagination: { total_count: 3, max_page: 2 },
  });

  // Duplicates in the same customer (e-mail ignoring case, external id); the owner is never created.
  const dupEmail = await call('POST', `/v1/customers/${account.id}/members`, { email: 'BOB@example.com' });
  expect(dupEmail.status).toBe(422);
  expect(dupEmail.body.detail[0].loc).toEqual(['body', 'email']);
  const dupExt = await call('POST', `/v1/customers/${account.id}/members`, {
    email: 'x@example.com',
    external_id: 'bob',
  });
  expect(dupExt.body.detail[0].loc).toEqual(['body', 'external_id']);
  expect((await call('POST', `/v1/customers/${account.id}/members`, { email: 'o@x.com', role: 'owner' })).status).toBe(
    422,
  );
  // The owner is neither deleted nor demoted; promoting another member demotes it to billing manager.
  const deleteOwner = await call('DELETE', `/v1/customers/${account.id}/members/${owner.id}`);
  expect(deleteOwner).toMatchObject({ status: 403, body: { error: 'NotPermitted' } });
  expect((await call('PATCH', `/v1/customers/${account.id}/members/${owner.id}`, { role: 'member' })).status).toBe(403);
  const promoted = await members.update(account.id, bob.id, { role: 'owner', name: 'Robert' });
  expect(promoted).toMatchObject({ role: 'owner', name: 'Robert' });
  expect((await members.get(account.id, owner.id)).role).toBe('billing_manager');

  // Unknown customer or member: 404; deleting: 204 and gone.
  const nobody = '00000000-0000-4000-8000-000000000000';
  expect((await call('GET', `/v1/customers/${nobody}/members`)).status).toBe(404);
  expect((await call('GET', `/v1/customers/${account.id}/members/${nobody}`)).body.error).toBe('ResourceNotFound');
  const ext = (await call('GET', `/v1/customers/${account.id}`)).body.external_id;
  expect((await call('DELETE', `/v1/customers/external/${ext}/members/carol`)).status).toBe(204);
  expect((await call('GET', `/v1/customers/${account.id}/members/${carol.id}`)).status).toBe(404);

  // A deleted customer's members are gone with it.
  expect((await call('DELETE', `/v1/customers/${account.id}`)).status).toBe(204);
  expect((await call('GET', `/v1/customers/${account.id}/members`)).status).toBe(404);

  const of = (id: string) => receiver.received.filter((r) => r.json.data.id === id).map((r) => r.json);
  await eventually(async () => of(carol.id).length === 2 && of(bob.id).length === 2 && of(owner.id).length === 2);
  expect(of(owner.id).map((e) => e.type)).toEqual(['member.created', 'member.updated']);
  expect(of(bob.id).map((e) => [e.type, e.data.role])).toEqual([
    ['member.created', 'member'],
    ['member.updated', 'owner'],
  ]);
  expect(of(carol.id).map((e) => e.type)).toEqual(['member.created', 'member.deleted']);
  for (const request of receiver.received.filter((r) => [owner.id, bob.id, carol.id].includes(r.json.data.id))) {
    expect(verifies(secret, request)).toBe(true);
    const event = await clientWebhooks('2026-10').validateEvent(request.body, request.headers, secret);
    expect(event.type).toBe(request.json.type);
  }
});

test("the owner's e-mail follows the customer's", async () => {
  const account = await customer();
  const email = `moved-${unique()}@example.com`;
  expect((await call('PATCH', `/v1/customers/${account.id}`, { email })).status).toBe(200);
  const [owner] = (await call('GET', `/v1/customers/${account.id}/members`)).body.items;
  expect(owner).toMatchObject({ role: 'owner', email });
});

test('a session for a member: member_id or external_member_id; the portal serves a plain member only its own', async () => {
  const account = await customer(`acct-${unique()}`);
  const dan = (
    await call('POST', `/v1/customers/${account.id}/members`, { email: 'dan@example.com', external_id: 'dan' })
  ).body;
  const eve = (
    await call('POST', `/v1/customers/${account.id}/members`, { email: 'eve@example.com', role: 'billing_manager' })
  ).body;
  const session = (body: object) => call('POST', '/v1/customer-sessions/', { customer_id: account.id, ...body });
  const unknown = await session({ member_id: '00000000-0000-4000-8000-000000000000' });
  expect(unknown.status).toBe(422);
  expect(unknown.body.detail[0].loc).toEqual(['body', 'member_id']);
  const danToken = (await session({ external_member_id: 'dan' })).body.token;
  const eveToken = (await session({ member_id: eve.id })).body.token;
  const ownerToken = (await session({})).body.token;

  expect((await portal(danToken, 'GET', '/customer-session/user')).body).toMatchObject({
    type: 'member',
    email: 'dan@example.com',
    member_id: dan.id,
    role: 'member',
  });
  expect((await portal(danToken, 'GET', '/customers/me')).status).toBe(200);
  for (const path of ['/members', '/subscriptions/', '/orders/', '/wallets/']) {
    const refused = await portal(danToken, 'GET', path);
    expect(refused).toMatchObject({ status: 403, body: { error: 'NotPermitted' } });
  }
  expect((await portal(danToken, 'PATCH', '/customers/me', { name: 'Dan' })).status).toBe(403);

  // Owners and billing managers manage members; a billing manager makes no owner.
  const listed = await portal(eveToken, 'GET', '/members');
  expect(listed.body.items.map((m: { email: string }) => m.email)).toEqual([
    account.email,
    'dan@example.com',
    'eve@example.com',
  ]);
  const fay = await portal(eveToken, 'POST', '/members', { email: 'fay@example.com', name: 'Fay' });
  expect(fay).toMatchObject({ status: 201, body: { email: 'fay@example.com', role: 'member' } });
  expect((await portal(eveToken, 'PATCH', `/members/${fay.body.id}`, { role: 'owner' })).status).toBe(403);
  const renamed = await portal(eveToken, 'PATCH', `/members/${fay.body.id}`, {
    name: 'Fay B',
    role: 'billing_manager',
  });
  expect(renamed.body).toMatchObject({ name: 'Fay B', role: 'billing_manager' });
  expect((await portal(ownerToken, 'PATCH', `/members/${fay.body.id}`, { role: 'owner' })).body.role).toBe('owner');
  // The session stays its member's: the former owner is a billing manager now, and cannot take ownership back.
  expect((await portal(ownerToken, 'GET', '/customer-session/user')).body).toMatchObject({ role: 'billing_manager' });
  const owner = (await call('GET', `/v1/customers/${account.id}/members?role=billing_manager`)).body.items;
  const former = owner.find((m: { email: string }) => m.email === account.email);
  expect((await portal(ownerToken, 'PATCH', `/members/${former.id}`, { role: 'owner' })).status).toBe(403);
  // Only the owner changes the account's e-mail (the address the owner logs in with).
  for (const token of [ownerToken, eveToken]) {
    const request = await portal(token, 'POST', '/customers/me/email-update/request', { email: 'x@example.com' });
    expect(request).toMatchObject({ status: 403, body: { error: 'NotPermitted' } });
  }

  // Deleting a member ends its sessions.
  expect((await portal(eveToken, 'DELETE', `/members/${dan.id}`)).status).toBe(204);
  expect((await portal(danToken, 'GET', '/customers/me')).status).toBe(401);
});

test("the e-mail code login of a member opens a session for that member (the customer's own address first)", async () => {
  const first = await customer();
  const second = await customer();
  const address = `gil-${unique()}@example.com`;
  await call('POST', `/v1/customers/${first.id}/members`, { email: address });
  const gil = (await call('POST', `/v1/customers/${second.id}/members`, { email: address })).body;
  const request = await h.request('POST', '/v1/customer-portal/customer-session/request', {
    environment: 'sandbox',
    json: { email: address, organization_id: org.id },
  });
  expect(request.status).toBe(202);
  const code = /\b([A-Z0-9]{6})\b is your/.exec((await waitForMail(address)).subject)![1];
  const signedIn = await h.request('POST', '/v1/customer-portal/customer-session/authenticate', {
    environment: 'sandbox',
    json: { code, email: address, organization_id: org.id },
  });
  expect(signedIn.status).toBe(200);
  // the most recently added membership
  expect((await portal(signedIn.body.token, 'GET', '/customer-session/user')).body).toMatchObject({
    type: 'member',
    customer_id: second.id,
    member_id: gil.id,
  });
  expect((await portal(signedIn.body.token, 'GET', '/orders/')).status).toBe(403);
});

test("a login code for an address that is a customer's own goes to that customer, even when it is a member elsewhere", async () => {
  const own = `own-${unique()}@example.com`;
  const account = (await call('POST', '/v1/customers/', { email: own })).body;
  const other = await customer();
  expect((await call('POST', `/v1/customers/${other.id}/members`, { email: own })).status).toBe(201);
  await h.request('POST', '/v1/customer-portal/customer-session/request', {
    environment: 'sandbox',
    json: { email: own, organization_id: org.id },
  });
  const code = /\b([A-Z0-9]{6})\b is your/.exec((await waitForMail(own)).subject)![1];
  const signedIn = await h.request('POST', '/v1/customer-portal/customer-session/authenticate', {
    environment: 'sandbox',
    json: { code, email: own, organization_id: org.id },
  });
  expect((await portal(signedIn.body.token, 'GET', '/customer-session/user')).body).toMatchObject({
    type: 'customer',
    customer_id: account.id,
  });
});

test('ensureMember: concurrent calls for one address give one member and one member.created', async () => {
  const account = await customer();
  const { orm, domains } = h.env.sandbox;
  const email = `race-${unique()}@example.com`;
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      inTransaction(orm, (tx) =>
        domains.members.ensureMember(tx, {
          organizationId: org.id,
          customerId: account.id,
          email: i % 2 ? email.toUpperCase() : email,
        }),
      ),
    ),
  );
  expect(new Set(results.map((r) => r.member.id)).size).toBe(1);
  expect(results.filter((r) => r.created)).toHaveLength(1);
  const events = await orm.em
    .fork()
    .execute(
      "select 1 from outbox_message where kind = 'event' and payload->>'type' = 'member.created' and payload->'data'->>'id' = ?",
      [results[0].member.id],
    );
  expect(events).toHaveLength(1);
  // by external id: a member found by e-mail gains it
  const adopted = await inTransaction(orm, (tx) =>
    domains.members.ensureMember(tx, { organizationId: org.id, customerId: account.id, email, externalId: 'x-1' }),
  );
  expect(adopted).toMatchObject({ created: false, member: { id: results[0].member.id, externalId: 'x-1' } });
});
