// The portal's e-mail update over real HTTP in the sandbox with a real worker and the run's mail catcher: a code goes
// to the new address (never the old one), proves it once, and the change is verified, announced by customer.updated
// and opens a new session; a wrong, used or expired code is 401, an address another customer has is 422 only to the
// one who proves it, and codes go out at most once a minute.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { mailsTo, waitForMail } from '../support/mail-catcher';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
let receiver: Receiver;
const SCOPES = ['customers:write', 'customers:read', 'customer_sessions:write', 'webhooks:write'] as const;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);
const sql = (query: string, params: unknown[] = []) => h.env.sandbox.orm.em.fork().execute(query, params);

async function merchant() {
  const org = await h.organization([...SCOPES], 'sandbox');
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  return { org, call };
}
type Merchant = Awaited<ReturnType<typeof merchant>>;

async function customerWithSession(m: Merchant, email: string) {
  const customer = await m.call('POST', '/v1/customers/', { email, name: 'Ada' });
  expect(customer.status).toBe(201);
  const session = await m.call('POST', '/v1/customer-sessions/', { customer_id: customer.body.id });
  const token = session.body.token as string;
  const portal = (method: string, path: string, json?: unknown, as = token) =>
    h.request(method, `/v1/customer-portal${path}`, { token: as, environment: 'sandbox', json });
  return { customer: customer.body, token, portal };
}

const ME = '/customers/me/email-update';

async function codeSentTo(address: string, after = 0): Promise<string> {
  const mail = await waitForMail(
    address,
    (m) => /e-mail confirmation code/.test(m.subject) && Date.parse(m.time) >= after,
  );
  const code = /^\s+([A-Z0-9]{6})$/m.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}

const wrong = (code: string) => (code[0] === 'A' ? 'B' : 'A') + code.slice(1);

test('a code to the new address: checked, then verified — the address changes, verified, customer.updated, a new session', async () => {
  const m = await merchant();
  const endpoint = await m.call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['customer.updated'],
  });
  expect(endpoint.status).toBe(201);
  const old = `ada-${unique()}@example.com`;
  const fresh = `Ada.New-${unique()}@Example.com`;
  const ada = await customerWithSession(m, old);

  const asked = await ada.portal('POST', `${ME}/request`, { email: fresh });
  expect(asked.status).toBe(202);
  const code = await codeSentTo(fresh);
  expect((await mailsTo(old)).filter((mail) => /confirmation code/.test(mail.subject))).toEqual([]);
  expect(
    JSON.stringify(await sql('select * from customer_login_code where customer_id = ?', [ada.customer.id])),
  ).not.toContain(code);

  const badCheck = await ada.portal('GET', `${ME}/check?token=${wrong(code)}`);
  expect(badCheck.status).toBe(401);
  expect(badCheck.body).toMatchObject({ error: 'Unauthorized' });
  expect((await ada.portal('GET', `${ME}/check?token=${code.toLowerCase()}`)).status).toBe(204);
  expect((await ada.portal('GET', '/customers/me')).body).toMatchObject({ email: old, email_verified: false });

  expect((await ada.portal('POST', `${ME}/verify`, { token: wrong(code) })).status).toBe(401);
  const verified = await ada.portal('POST', `${ME}/verify`, { token: code });
  expect(verified.status).toBe(200);
  expect(verified.body.token).toMatch(/^bursar_cst_/);
  expect((await ada.portal('GET', '/customers/me')).status).toBe(401); // the old session ended
  const me = await ada.portal('GET', '/customers/me', undefined, verified.body.token);
  expect(me.body).toMatchObject({ id: ada.customer.id, email: fresh, email_verified: true });
  expect((await m.call('GET', `/v1/customers/${ada.customer.id}`)).body).toMatchObject({ email: fresh });
  // good once
  expect((await ada.portal('POST', `${ME}/verify`, { token: code }, verified.body.token)).status).toBe(401);

  const updated = await eventually(() =>
    Promise.resolve(
      receiver.received.find((r) => r.json.type === 'customer.updated' && r.json.data.id === ada.customer.id),
    ),
  );
  expect(updated.json.data).toMatchObject({ email: fresh, email_verified: true });
});

test('an address another customer has: 202 at the request (nothing told), 422 at the verify, the customer unchanged', async () => {
  const m = await merchant();
  const ada = await customerWithSession(m, `ada-${unique()}@example.com`);
  const grace = await customerWithSession(m, `grace-${unique()}@example.com`);
  const same = await ada.portal('POST', `${ME}/request`, { email: ada.customer.email.toUpperCase() });
  expect(same.status).toBe(422);
  expect(same.body.detail[0].loc).toEqual(['body', 'email']);
  const invalid = await ada.portal('POST', `${ME}/request`, { email: 'not-an-address' });
  expect(invalid.status).toBe(422);

  expect((await ada.portal('POST', `${ME}/request`, { email: grace.customer.email })).status).toBe(202);
  const code = await codeSentTo(grace.customer.email);
  // grace holds no code of ada's: hers is her own customer's, and she has none
  expect((await grace.portal('POST', `${ME}/verify`, { token: code })).status).toBe(401);
  const taken = await ada.portal('POST', `${ME}/verify`, { token: code });
  expect(taken.status).toBe(422);
  expect(taken.body).toMatchObject({ error: 'RequestValidationError' });
  expect(taken.body.detail[0].loc).toEqual(['body', 'token']);
  expect((await ada.portal('GET', '/customers/me')).body).toMatchObject({ email: ada.customer.email });
  expect((await ada.portal('POST', `${ME}/verify`, { token: code })).status).toBe(401); // used up
});

test('5 wrong guesses use the code up; an expired code is refused; one code a minute, the newest replacing the last', async () => {
  const m = await merchant();
  const ada = await customerWithSession(m, `ada-${unique()}@example.com`);
  const fresh = `ada2-${unique()}@example.com`;
  expect((await ada.portal('POST', `${ME}/request`, { email: fresh })).status).toBe(202);
  const code = await codeSentTo(fresh);

  const again = await ada.portal('POST', `${ME}/request`, { email: fresh });
  expect(again.status).toBe(429);
  expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await mailsTo(fresh)).length).toBe(1);

  for (let i = 0; i < 4; i++) expect((await ada.portal('GET', `${ME}/check?token=${wrong(code)}`)).status).toBe(401);
  expect((await ada.portal('POST', `${ME}/verify`, { token: wrong(code) })).status).toBe(401);
  expect((await ada.portal('POST', `${ME}/verify`, { token: code })).status).toBe(401); // used up by the 5th

  await sql(`update customer_login_code set created_at = created_at - interval '61 seconds' where customer_id = ?`, [
    ada.customer.id,
  ]);
  const startedAt = Date.now() - 1000;
  expect((await ada.portal('POST', `${ME}/request`, { email: fresh })).status).toBe(202);
  const second = await codeSentTo(fresh, startedAt);
  await sql(`update customer_login_code set expires_at = now() - interval '1 second' where customer_id = ?`, [
    ada.customer.id,
  ]);
  expect((await ada.portal('GET', `${ME}/check?token=${second}`)).status).toBe(401);
  expect((await ada.portal('POST', `${ME}/verify`, { token: second })).status).toBe(401);
  expect((await ada.portal('GET', '/customers/me')).body).toMatchObject({ email: ada.customer.email });
});

test('an e-mail update code is no login code, and a login code survives an e-mail update request', async () => {
  const m = await merchant();
  const ada = await customerWithSession(m, `ada-${unique()}@example.com`);
  const login = await h.request('POST', '/v1/customer-portal/customer-session/request', {
    environment: 'sandbox',
    json: { email: ada.customer.email, organization_id: m.org.id },
  });
  expect(login.status).toBe(202);
  const loginMail = await waitForMail(ada.customer.email, (mail) => /sign-in code/.test(mail.subject));
  const loginCode = /^\s+([A-Z0-9]{6})$/m.exec(loginMail.text)![1];

  const fresh = `ada3-${unique()}@example.com`;
  expect((await ada.portal('POST', `${ME}/request`, { email: fresh })).status).toBe(202);
  const code = await codeSentTo(fresh);
  const authenticate = (email: string, c: string) =>
    h.request('POST', '/v1/customer-portal/customer-session/authenticate', {
      environment: 'sandbox',
      json: { email, organization_id: m.org.id, code: c },
    });
  expect((await authenticate(fresh, code)).status).toBe(401);
  expect((await authenticate(ada.customer.email, code)).status).toBe(401);
  expect((await ada.portal('POST', `${ME}/verify`, { token: loginCode })).status).toBe(401);
  const signedIn = await authenticate(ada.customer.email, loginCode);
  expect(signedIn.status).toBe(200);
  expect((await ada.portal('POST', `${ME}/verify`, { token: code }, signedIn.body.token)).status).toBe(200);
});
