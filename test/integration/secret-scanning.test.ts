// Leak protection end to end: a secret-scanning program (GitHub's format) posts a report signed with its ECDSA key;
// each reported token of ours stops working at once, the answer labels it, and the organization's owner gets one
// e-mail (through the run's mail catcher) naming the token's type and where it was found. Anything unsigned, signed
// by an unknown key or not matching its body changes nothing.
import { generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { ErrorBody, ValidationErrorBody } from '../../src/contracts/error-body';
import { SecretScanningReportAnswer } from '../../src/contracts/secret-scanning';
import { CUSTOMER_SESSION_TOKEN_PREFIX } from '../../src/domains/customer-session';
import { ORGANIZATION_TOKEN_PREFIX, type Scope } from '../../src/domains/organization';
import { generateToken } from '../../src/platform/crypto/tokens';
import { inTransaction } from '../../src/platform/database/transaction';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { mailsTo, waitForMail } from '../support/mail-catcher';
import { captureLogs } from '../support/log-capture';
import { legacy } from '../support/versioned-contract';

const SCOPES: Scope[] = ['products:read', 'customers:write', 'customer_sessions:write'];
const PATH = '/v1/secret-scanning/report';

const github = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const KEY_ID = randomBytes(32).toString('hex');

let h: TestHarness;

beforeAll(async () => {
  const publicKeys = [
    { key_identifier: KEY_ID, key: github.publicKey.export({ type: 'spki', format: 'pem' }), is_current: true },
  ];
  h = await startHarness({ SECRET_SCANNING_PUBLIC_KEYS: JSON.stringify(publicKeys) });
  await h.startWorker('production');
});
afterAll(() => h?.close());

interface Match {
  token: string;
  type: string;
  url?: string;
  source?: string;
}

const signed = (body: string, key: KeyObject = github.privateKey) =>
  sign('sha256', Buffer.from(body), key).toString('base64');

/** POSTs `body` as the program would: signed over its exact bytes, unless the test says otherwise. */
function post(
  body: string,
  headers: Record<string, string> = {
    'Github-Public-Key-Identifier': KEY_ID,
    'Github-Public-Key-Signature': signed(body),
  },
) {
  return h.request('POST', PATH, { rawBody: body, headers: { 'content-type': 'application/json', ...headers } });
}
const report = (matches: Match[]) => post(JSON.stringify(matches));

async function organization(ownerEmail: string | null, comment = 'CI deploy key') {
  const { orm, domains } = h.env.production;
  return inTransaction(orm, async ({ em }) => {
    const org = await domains.organizations.createOrganization(em, {
      name: `Leaky ${randomUUID()}`,
      ownerEmail: ownerEmail ?? undefined,
    });
    const { token } = await domains.accessTokens.create(em, org.id, { scopes: SCOPES, comment });
    return { id: org.id, token };
  });
}

const ownerAddress = () => `owner-${randomUUID()}@example.com`;
const productsWith = async (token: string) => (await h.request('GET', '/v1/products/', { token })).status;
const emailsQueuedFor = async (organizationId: string): Promise<number> =>
  (
    await h.env.production.orm.em
      .fork()
      .execute('select count(*)::int as n from email_message where organization_id = ?', [organizationId])
  )[0].n;
const emailsWaitingFor = async (organizationId: string): Promise<number> =>
  (
    await h.env.production.orm.em
      .fork()
      .execute("select count(*)::int as n from email_message where organization_id = ? and status = 'queued'", [
        organizationId,
      ])
  )[0].n;
const revokedCount = async (): Promise<{ tokens: number; sessions: number }> => {
  const em = h.env.production.orm.em.fork();
  const [tokens] = await em.execute(
    'select count(*)::int as n from organization_access_token where revoked_at is not null',
  );
  const [sessions] = await em.execute('select count(*)::int as n from customer_session where revoked_at is not null');
  return { tokens: tokens.n, sessions: sessions.n };
};

async function customerSession(token: string): Promise<string> {
  const customer = await h.request('POST', '/v1/customers/', {
    token,
    json: { email: `buyer-${randomUUID()}@example.com`, name: 'Buyer' },
  });
  expect(customer.status).toBe(201);
  const session = await h.request('POST', '/v1/customer-sessions/', { token, json: { customer_id: customer.body.id } });
  expect(session.status).toBe(201);
  return session.body.token;
}
const portalUser = async (token: string) =>
  (await h.request('GET', '/v1/customer-portal/customer-session/user', { token })).status;

test('a signed report of a live organization access token revokes it at once, answers true_positive and e-mails the owner', async () => {
  const owner = ownerAddress();
  const org = await organization(owner);
  expect(await productsWith(org.token)).toBe(200);

  const url = `https://github.com/octocat/leaky/blob/${randomBytes(20).toString('hex')}/.env`;
  const answer = await report([{ token: org.token, type: 'bursar_organization_access_token', url, source: 'commit' }]);
  expect(answer.status).toBe(200);
  expect(legacy(SecretScanningReportAnswer).parse(answer.body)).toEqual([
    { token_raw: org.token, token_type: 'bursar_organization_access_token', label: 'true_positive' },
  ]);
  expect(await productsWith(org.token)).toBe(401);

  const mail = await waitForMail(owner);
  expect(mail.subject).toBe('Your organization access token was leaked and has been revoked');
  expect(mail.text).toContain('organization access token');
  expect(mail.text).toContain('"CI deploy key"');
  expect(mail.text).toContain(url);
  expect(mail.text).toContain('Source: commit');
  expect(mail.text).not.toContain(org.token); // the e-mail names the token, never repeats it
});

test('a signed report of a customer session token ends the session at once and e-mails the owner', async () => {
  const owner = ownerAddress();
  const org = await organization(owner);
  const session = await customerSession(org.token);
  expect(await portalUser(session)).toBe(200);

  const url = 'https://gist.github.com/octocat/0123456789abcdef';
  const answer = await report([{ token: session, type: 'bursar_customer_session_token', url, source: 'gist_content' }]);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual([
    { token_raw: session, token_type: 'bursar_customer_session_token', label: 'true_positive' },
  ]);
  expect(await portalUser(session)).toBe(401);
  expect(await productsWith(org.token)).toBe(200); // only the reported credential goes

  const mail = await waitForMail(owner);
  expect(mail.subject).toBe('Your customer session token was leaked and has been revoked');
  expect(mail.text).toContain('customer session token');
  expect(mail.text).toContain(url);
  expect(mail.html).toContain('gist_content');
});

/** An app's tokens, granted by `org` to an app it registered itself, through the OAuth flow. */
async function appTokens(orgToken: string): Promise<{ access_token: string; refresh_token: string }> {
  const redirect = 'https://app.example.com/callback';
  const call = (path: string, json: unknown, token?: string) => h.request('POST', path, { token, json });
  const client = await call(
    '/v1/oauth2/register',
    { client_name: 'Leaky app', redirect_uris: [redirect], scope: 'products:read' },
    orgToken,
  );
  const request = {
    client_id: client.body.client_id,
    response_type: 'code',
    redirect_uri: redirect,
    scope: 'products:read',
  };
  const consent = await call('/v1/oauth2/consent', { ...request, action: 'allow' }, orgToken);
  const code = new URL(consent.body.redirect_uri).searchParams.get('code');
  const exchange = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirect,
    client_id: client.body.client_id,
    client_secret: client.body.client_secret,
  };
  const issued = await call('/v1/oauth2/token', exchange);
  expect(issued.status).toBe(200);
  return issued.body;
}

test("a reported app's refresh token ends its whole grant — the access token too — and e-mails the granting organization's owner", async () => {
  const owner = ownerAddress();
  const org = await inTransaction(h.env.production.orm, async ({ em }) => {
    const created = await h.env.production.domains.organizations.createOrganization(em, {
      name: `Granting ${randomUUID()}`,
      ownerEmail: owner,
    });
    return (
      await h.env.production.domains.accessTokens.create(em, created.id, {
        scopes: ['organization_access_tokens:write', 'products:read'],
      })
    ).token;
  });
  const app = await appTokens(org);
  expect(await productsWith(app.access_token)).toBe(200);

  const url = 'https://github.com/octocat/app/issues/7';
  const answer = await report([
    { token: app.refresh_token, type: 'bursar_oauth2_refresh_token', url, source: 'issue_comment' },
  ]);
  expect(answer.body).toEqual([
    { token_raw: app.refresh_token, token_type: 'bursar_oauth2_refresh_token', label: 'true_positive' },
  ]);
  expect(await productsWith(app.access_token)).toBe(401);
  expect(await productsWith(org)).toBe(200);
  const mail = await waitForMail(owner);
  expect(mail.subject).toBe('Your OAuth2 token granted to an app was leaked and has been revoked');
  expect(mail.text).toContain('"Leaky app"');
  expect(mail.text).toContain(url);
});

test.each([
  ['no signature headers', (body: string) => post(body, {})],
  ['the key id alone', (body: string) => post(body, { 'Github-Public-Key-Identifier': KEY_ID })],
  [
    'a signature by another key under the configured id',
    (body: string) => post(body, headersFor(signed(body, stranger.privateKey))),
  ],
  ['a signature of another body', (body: string) => post(body, headersFor(signed(body.replace('commit', 'content'))))],
  ['the body changed after signing (a space added)', (body: string) => post(` ${body}`, headersFor(signed(body)))],
  [
    'a signature that is not DER',
    (body: string) => post(body, headersFor(Buffer.from('not a signature').toString('base64'))),
  ],
  [
    'an unknown key id, signed by that unknown key',
    (body: string) =>
      post(body, {
        'Github-Public-Key-Identifier': 'f'.repeat(64),
        'Github-Public-Key-Signature': signed(body, stranger.privateKey),
      }),
  ],
  [
    'an unknown key id with a signature the configured key made',
    (body: string) =>
      post(body, { 'Github-Public-Key-Identifier': 'f'.repeat(64), 'Github-Public-Key-Signature': signed(body) }),
  ],
])('%s: 401 in the error shape, and the token still works', async (_name, send) => {
  const owner = ownerAddress();
  const org = await organization(owner);
  const response = await send(
    JSON.stringify([
      { token: org.token, type: 'bursar_organization_access_token', url: 'https://github.com/x/y', source: 'commit' },
    ]),
  );
  expect(response.status).toBe(401);
  expect(legacy(ErrorBody).parse(response.body)).toMatchObject({
    status: 401,
    error: 'Unauthorized',
    type: 'urn:bursar:error:unauthorized',
  });
  expect(JSON.stringify(response.body)).not.toContain(org.token);
  expect(await productsWith(org.token)).toBe(200);
  expect(await emailsQueuedFor(org.id)).toBe(0);
});

function headersFor(signature: string) {
  return { 'Github-Public-Key-Identifier': KEY_ID, 'Github-Public-Key-Signature': signature };
}

test('strings that are no live credential of ours are answered false_positive, and nothing is revoked', async () => {
  const org = await organization(ownerAddress());
  const session = await customerSession(org.token);
  const before = await revokedCount();
  const flipped = org.token.slice(0, -1) + (org.token.endsWith('A') ? 'B' : 'A');
  const strangers = [
    `bursar_oat_${randomBytes(24).toString('base64url')}`, // our prefix, a random body: the checksum fails
    flipped, // a live token with one character changed
    generateToken(ORGANIZATION_TOKEN_PREFIX), // well-formed, checksum right, but never issued
    generateToken(CUSTOMER_SESSION_TOKEN_PREFIX),
    `whsec_${randomBytes(32).toString('base64')}`, // webhook secrets are sealed: not recognisable
    'ghp_NMIfyYncKcRALEXAMPLE',
  ];
  const answer = await report(strangers.map((token) => ({ token, type: 'bursar_token', url: '', source: 'content' })));
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual(
    strangers.map((token) => ({ token_raw: token, token_type: 'bursar_token', label: 'false_positive' })),
  );
  expect(await revokedCount()).toEqual(before);
  expect(await productsWith(org.token)).toBe(200);
  expect(await portalUser(session)).toBe(200);
  expect(await emailsQueuedFor(org.id)).toBe(0);
});

test('the same token reported twice (and twice in one report) is revoked once and e-mailed once; both answers are true_positive', async () => {
  const owner = ownerAddress();
  const org = await organization(owner);
  const match = {
    token: org.token,
    type: 'bursar_organization_access_token',
    url: 'https://github.com/octocat/twice/blob/main/a.env',
    source: 'content',
  };

  const first = await report([match, match]);
  expect(first.body.map((verdict: { label: string }) => verdict.label)).toEqual(['true_positive', 'true_positive']);
  await waitForMail(owner);
  const revokedAt = (
    await h.env.production.orm.em
      .fork()
      .execute('select revoked_at from organization_access_token where organization_id = ?', [org.id])
  )[0].revoked_at;

  const again = await report([match]);
  expect(again.status).toBe(200);
  expect(again.body).toEqual([{ token_raw: org.token, token_type: match.type, label: 'true_positive' }]);
  const [row] = await h.env.production.orm.em
    .fork()
    .execute('select revoked_at from organization_access_token where organization_id = ?', [org.id]);
  expect(row.revoked_at).toEqual(revokedAt); // revoked once: the second report changed nothing
  expect(await emailsQueuedFor(org.id)).toBe(1);
  // Every e-mail goes out from its email_message row: with the one row sent and none waiting, no second one is on its way.
  await eventually(async () => (await emailsWaitingFor(org.id)) === 0);
  expect(await mailsTo(owner)).toHaveLength(1);
});

test('an organization without an owner e-mail: the token is revoked all the same, and no e-mail is queued', async () => {
  const org = await organization(null);
  const logs = captureLogs('warn');
  try {
    const answer = await report([
      { token: org.token, type: 'bursar_organization_access_token', url: 'https://github.com/x/y', source: 'commit' },
    ]);
    expect(answer.body).toEqual([expect.objectContaining({ label: 'true_positive' })]);
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 'warn', organization_id: org.id }));
    expect(logs.text()).not.toContain(org.token); // what is logged names no secret
  } finally {
    logs.restore();
  }
  expect(await productsWith(org.token)).toBe(401);
  expect(await emailsQueuedFor(org.id)).toBe(0);
});

test.each([
  ['malformed JSON', '[{"token": ', 400, 'BadRequest'],
  ['an object, not a list', JSON.stringify({ token: 'x', type: 'y' }), 422, 'RequestValidationError'],
  ['an empty list', '[]', 422, 'RequestValidationError'],
  [
    'a match without its token',
    JSON.stringify([{ type: 'y', url: 'https://github.com/x' }]),
    422,
    'RequestValidationError',
  ],
  [
    'a token longer than any of ours could be',
    JSON.stringify([{ token: 'x'.repeat(513), type: 'y' }]),
    422,
    'RequestValidationError',
  ],
  [
    'more matches than one report may carry',
    JSON.stringify(Array.from({ length: 1001 }, () => ({ token: 'x', type: 'y' }))),
    422,
    'RequestValidationError',
  ],
])('a signed body that is %s is refused (%i) and changes nothing', async (_name, body, status, error) => {
  const before = await revokedCount();
  const response = await post(body);
  expect(response.status).toBe(status);
  expect((status === 422 ? ValidationErrorBody : ErrorBody).parse(response.body).error).toBe(error);
  expect(await revokedCount()).toEqual(before);
});

test('a refusal says where the body fails its contract', async () => {
  const response = await post(JSON.stringify([{ token: 'x', type: 'y' }, { type: 'y' }]));
  expect(response.status).toBe(422);
  expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['body', 1, 'token'] })]);
});
