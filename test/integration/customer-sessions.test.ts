// Customer sessions: created by the organization, by an e-mailed code, or by a checkout for its buyer; a token that
// opens the customer portal API for one customer of one organization in one environment, and nothing else.
import { CustomerSession } from '../../src/contracts/customer-session';
import { PortalAuthenticatedUser } from '../../src/contracts/customer-session-introspection';
import { startHarness, type TestHarness } from '../support/harness';
import { mailsTo, waitForMail } from '../support/mail-catcher';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
const SCOPES = [
  'customers:write',
  'customers:read',
  'customer_sessions:write',
  'products:write',
  'checkouts:write',
  'orders:read',
] as const;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
});
afterAll(() => h?.close());

async function merchant(environment: 'production' | 'sandbox' = 'sandbox') {
  const org = await h.organization([...SCOPES], environment);
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment, json });
  return { org, call };
}

const portal = (token: string, path: string, environment: 'production' | 'sandbox' = 'sandbox', method = 'GET') =>
  h.request(method, `/v1/customer-portal${path}`, { token, environment });

test('a session by customer id or external id: 201 with a bursar_cst_ token kept only as a digest, opening the portal for that customer', async () => {
  const { org, call } = await merchant();
  const customer = await call('POST', '/v1/customers/', {
    email: 'ada@example.com',
    name: 'Ada',
    external_id: 'ada-1',
  });
  const created = await call('POST', '/v1/customer-sessions/', {
    customer_id: customer.body.id,
    return_url: 'https://shop.example/account',
  });
  expect(created.status).toBe(201);
  const session = legacy(CustomerSession).parse(created.body);
  expect(session).toMatchObject({
    customer_id: customer.body.id,
    return_url: 'https://shop.example/account',
    customer: { id: customer.body.id },
  });
  expect(session.token).toMatch(/^bursar_cst_[A-Za-z0-9]{43}$/);
  expect(new Date(session.expires_at).getTime() - Date.now()).toBeGreaterThan(3590_000);
  expect(session.customer_portal_url).toContain(`customer_session_token=${session.token}`);
  const stored = await h.env.sandbox.orm.em.fork().execute('select * from customer_session where id = ?', [session.id]);
  expect(JSON.stringify(stored)).not.toContain(session.token.slice('bursar_cst_'.length));

  const user = await portal(session.token, '/customer-session/user');
  expect(user.status).toBe(200);
  expect(legacy(PortalAuthenticatedUser).parse(user.body)).toEqual({
    type: 'customer',
    name: 'Ada',
    email: 'ada@example.com',
    customer_id: customer.body.id,
  });
  expect((await portal(session.token, '/customer-session/introspect')).body).toEqual({
    expires_at: session.expires_at,
    return_url: 'https://shop.example/account',
  });

  const byExternal = await call('POST', '/v1/customer-sessions/', { external_customer_id: 'ada-1' });
  expect(byExternal.status).toBe(201);
  expect(byExternal.body).toMatchObject({ customer_id: customer.body.id, return_url: null });

  const other = await merchant();
  const foreign = await other.call('POST', '/v1/customer-sessions/', { customer_id: customer.body.id });
  expect(foreign.status).toBe(422);
  expect(foreign.body.detail[0].loc).toEqual(['body', 'customer_id']);
  expect((await other.call('POST', '/v1/customer-sessions/', { external_customer_id: 'ada-1' })).status).toBe(422);
  const neither = await call('POST', '/v1/customer-sessions/', { return_url: 'https://shop.example/' });
  expect(neither.status).toBe(422);
  expect(neither.body.detail).toEqual([
    expect.objectContaining({ loc: ['body', 'customer_id'], msg: 'customer_id or external_customer_id is required.' }),
  ]);
  void org;
});

test('refused: an organization token on the portal, a customer token on the API, expired, revoked, deleted customer, the other environment', async () => {
  const { org, call } = await merchant();
  const customer = await call('POST', '/v1/customers/', { email: 'grace@example.com' });
  const token = (await call('POST', '/v1/customer-sessions/', { customer_id: customer.body.id })).body.token as string;

  const orgOnPortal = await portal(org.token, '/customer-session/user');
  expect(orgOnPortal.status).toBe(401);
  expect(orgOnPortal.body).toMatchObject({ error: 'Unauthorized' });
  const customerOnApi = await h.request('GET', '/v1/customers/', { token, environment: 'sandbox' });
  expect(customerOnApi.status).toBe(401);
  expect(customerOnApi.body.detail).toMatch(/customer portal/);
  expect(
    (
      await h.request('POST', '/v1/customer-sessions/', {
        token,
        environment: 'sandbox',
        json: { customer_id: customer.body.id },
      })
    ).status,
  ).toBe(401);
  expect((await portal(token, '/customer-session/user', 'production')).status).toBe(401);

  const expiring = (await call('POST', '/v1/customer-sessions/', { customer_id: customer.body.id })).body;
  await h.env.sandbox.orm.em
    .fork()
    .execute(`update customer_session set expires_at = now() - interval '1 second' where id = ?`, [expiring.id]);
  expect((await portal(expiring.token, '/customer-session/user')).status).toBe(401);

  const signedOut = (await call('POST', '/v1/customer-sessions/', { customer_id: customer.body.id })).body
    .token as string;
  expect((await portal(signedOut, '/customer-session', 'sandbox', 'DELETE')).status).toBe(204);
  expect((await portal(signedOut, '/customer-session/user')).status).toBe(401);
  expect((await portal(token, '/customer-session/user')).status).toBe(200);

  expect((await call('DELETE', `/v1/customers/${customer.body.id}`)).status).toBe(204);
  expect((await portal(token, '/customer-session/user')).status).toBe(401);

  const production = await merchant('production');
  const prodCustomer = await production.call('POST', '/v1/customers/', { email: 'prod@example.com' });
  const prodToken = (await production.call('POST', '/v1/customer-sessions/', { customer_id: prodCustomer.body.id }))
    .body.token as string;
  expect((await portal(prodToken, '/customer-session/user', 'production')).status).toBe(200);
  expect((await portal(prodToken, '/customer-session/user', 'sandbox')).status).toBe(401);
});

test('one X-Idempotency-Key opens one session: 50 identical requests at once, and a later repeat, are refused 409 naming it', async () => {
  const { org, call } = await merchant();
  const customer = await call('POST', '/v1/customers/', { email: 'once@example.com' });
  const body = { customer_id: customer.body.id };
  const send = (json: unknown = body) =>
    h.request('POST', '/v1/customer-sessions/', {
      token: org.token,
      environment: 'sandbox',
      json,
      headers: { 'x-idempotency-key': 'session-once' },
    });
  const answers = await Promise.all(Array.from({ length: 50 }, () => send()));
  const created = answers.filter((a) => a.status === 201);
  expect(created).toHaveLength(1);
  const { id, token } = created[0].body;
  const refusals = answers.filter((a) => a.status !== 201);
  expect(new Set(refusals.map((a) => `${a.status} ${a.body.error}`))).toEqual(new Set(['409 SecretNotReplayable']));
  for (const refusal of refusals) {
    expect(refusal.body.detail).toContain(id);
    expect(JSON.stringify(refusal.body)).not.toContain(token);
  }
  const sessions = await h.env.sandbox.orm.em
    .fork()
    .execute('select id from customer_session where customer_id = ?', [customer.body.id]);
  expect(sessions).toEqual([{ id }]);

  const later = await send();
  expect([later.status, later.body.error]).toEqual([409, 'SecretNotReplayable']);
  expect(later.body).not.toHaveProperty('token');
  expect((await send({ ...body, return_url: 'https://shop.example/' })).body.error).toBe('IdempotencyKeyReused');
  expect((await portal(token, '/customer-session/user')).status).toBe(200);
});

test('the e-mail code login: 202 whatever the address, a code by mail, a wrong, a used and an expired code refused', async () => {
  const { org, call } = await merchant();
  const address = `login-${Date.now()}@example.com`;
  const customer = await call('POST', '/v1/customers/', { email: address, name: 'Lin' });
  const request = (email: string, organizationId = org.id) =>
    h.request('POST', '/v1/customer-portal/customer-session/request', {
      environment: 'sandbox',
      json: { email, organization_id: organizationId },
    });
  const authenticate = (code: string, email = address) =>
    h.request('POST', '/v1/customer-portal/customer-session/authenticate', {
      environment: 'sandbox',
      json: { code, email, organization_id: org.id },
    });

  const unknown = await request(`nobody-${Date.now()}@example.com`);
  expect(unknown.status).toBe(202);
  expect((await request(address, '00000000-0000-4000-8000-000000000000')).status).toBe(202);
  expect((await request('not-an-address')).status).toBe(422);

  expect((await request(address.toUpperCase())).status).toBe(202);
  const code = codeIn(await waitForMail(address));
  const [row] = await h.env.sandbox.orm.em
    .fork()
    .execute('select code_hash from customer_login_code where customer_id = ?', [customer.body.id]);
  expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);

  const wrong = await authenticate(otherThan(code));
  expect(wrong.status).toBe(401);
  expect(wrong.body).toMatchObject({ error: 'Unauthorized' });
  const signedIn = await authenticate(code.toLowerCase());
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.token).toMatch(/^bursar_cst_/);
  expect((await portal(signedIn.body.token, '/customer-session/user')).body).toMatchObject({
    customer_id: customer.body.id,
    email: address,
  });
  expect((await call('GET', `/v1/customers/${customer.body.id}`)).body.email_verified).toBe(true);
  expect((await authenticate(code)).status).toBe(401);

  const codes = h.env.sandbox.orm.em.fork();
  await codes.execute(
    `update customer_login_code set created_at = created_at - interval '2 minutes' where customer_id = ?`,
    [customer.body.id],
  );
  await request(address);
  const second = codeIn(await waitForMail(address, (m) => codeIn(m) !== code));
  await h.env.sandbox.orm.em
    .fork()
    .execute(`update customer_login_code set expires_at = now() - interval '1 second' where customer_id = ?`, [
      customer.body.id,
    ]);
  expect((await authenticate(second)).status).toBe(401);
});

test("a code counts only for its customer's address, once a minute, and five wrong guesses use it up", async () => {
  const { org, call } = await merchant();
  const [ann, ben] = [`ann-${Date.now()}@example.com`, `ben-${Date.now()}@example.com`];
  const annId = (await call('POST', '/v1/customers/', { email: ann })).body.id;
  await call('POST', '/v1/customers/', { email: ben });
  const request = (email: string) =>
    h.request('POST', '/v1/customer-portal/customer-session/request', {
      environment: 'sandbox',
      json: { email, organization_id: org.id },
    });
  const authenticate = (code: string, email: string) =>
    h.request('POST', '/v1/customer-portal/customer-session/authenticate', {
      environment: 'sandbox',
      json: { code, email, organization_id: org.id },
    });

  await request(ann);
  const code = codeIn(await waitForMail(ann));
  expect((await authenticate(code, ben)).status).toBe(401);
  await request(ann); // within the minute: no second e-mail, the code stays the one sent
  for (let i = 0; i < 4; i++) expect((await authenticate(otherThan(code), ann)).status).toBe(401);
  expect((await authenticate(code, ann)).status).toBe(200);
  expect((await mailsTo(ann)).length).toBe(1);

  const codes = h.env.sandbox.orm.em.fork();
  await codes.execute(
    `update customer_login_code set created_at = created_at - interval '2 minutes' where customer_id = ?`,
    [annId],
  );
  await request(ann);
  const next = codeIn(await waitForMail(ann, (m) => codeIn(m) !== code));
  for (let i = 0; i < 5; i++) expect((await authenticate(otherThan(next), ann)).status).toBe(401);
  expect((await authenticate(next, ann)).status).toBe(401);

  await codes.execute(
    `update customer_login_code set created_at = created_at - interval '2 minutes' where customer_id = ?`,
    [annId],
  );
  await request(ann);
  const sentToOld = codeIn(await waitForMail(ann, (m) => ![code, next].includes(codeIn(m))));
  const moved = `ann-new-${Date.now()}@example.com`;
  expect((await call('PATCH', `/v1/customers/${annId}`, { email: moved })).status).toBe(200);
  expect((await authenticate(sentToOld, moved)).status).toBe(401);
  expect((await call('GET', `/v1/customers/${annId}`)).body.email_verified).toBe(false);
});

const codeIn = (mail: { subject: string }) => /\b([A-Z0-9]{6})\b is your/.exec(mail.subject)![1];
const otherThan = (code: string) => (code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');

test("the checkout confirmation hands its buyer a portal session — a new customer's, never an existing one's", async () => {
  const { call } = await merchant();
  const product = await call('POST', '/v1/products/', { name: 'Zine', prices: [{ amount_type: 'free' }] });
  const buy = async (email: string) => {
    const checkout = await call('POST', '/v1/checkouts/', { products: [product.body.id] });
    const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
      environment: 'sandbox',
      json: { customer_email: email },
    });
    expect(confirmed.status).toBe(200);
    return confirmed.body;
  };
  const first = await buy('buyer@example.com');
  expect(first.customer_session_token).toMatch(/^bursar_cst_/);
  const user = await portal(first.customer_session_token, '/customer-session/user');
  expect(user.body).toMatchObject({ customer_id: first.customer_id, email: 'buyer@example.com' });

  const again = await buy('buyer@example.com');
  expect(again.customer_id).toBe(first.customer_id);
  expect(again.customer_session_token).toBeNull();

  const named = await call('POST', '/v1/checkouts/', { products: [product.body.id], customer_id: first.customer_id });
  const confirmed = await h.request('POST', `/v1/checkouts/client/${named.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: {},
  });
  expect(confirmed.body.customer_session_token).toMatch(/^bursar_cst_/);
});
