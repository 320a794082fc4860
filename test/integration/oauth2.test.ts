// The OAuth 2.0 provider driven over HTTP as an app and two organizations use it: an organization registers the app,
// another consents to the scopes it asks for, the app exchanges the code with its PKCE verifier, calls /v1 with the
// access token, refreshes (rotation, reuse detection), introspects and revokes; and every refusal on the way.
import { createHash, randomBytes } from 'node:crypto';
import { AuthorizeResponseOrganization } from '../../src/contracts/oauth2-consent';
import { IntrospectTokenResponse } from '../../src/contracts/oauth2-introspection';
import { OAuth2Client } from '../../src/contracts/oauth2-client';
import { TokenResponse } from '../../src/contracts/oauth2-token';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

const REDIRECT = 'https://app.example.com/callback';
const MANAGE = 'organization_access_tokens:write';

let h: TestHarness;
let developer: { id: string; token: string };
let merchant: { id: string; token: string };
let stranger: { id: string; token: string };
let merchantProduct: string;
let strangerProduct: string;

beforeAll(async () => {
  h = await startHarness({ RATE_LIMIT_OAUTH2_CLIENT_PER_MINUTE: '40' });
  developer = await h.organization([MANAGE]);
  merchant = await h.organization([MANAGE, 'products:read', 'products:write', 'orders:read']);
  stranger = await h.organization(['products:write']);
  merchantProduct = (
    await api('POST', '/v1/products/', merchant.token, { name: 'Merchant course', prices: [{ amount_type: 'free' }] })
  ).body.id;
  strangerProduct = (
    await api('POST', '/v1/products/', stranger.token, { name: 'Stranger course', prices: [{ amount_type: 'free' }] })
  ).body.id;
});
afterAll(() => h.close());

function api(method: string, path: string, token: string, json?: unknown) {
  return h.request(method, path, { token, json });
}

function form(path: string, fields: Record<string, string | undefined>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return h.request('POST', path, {
    rawBody: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function register(configuration: Record<string, unknown>) {
  const registered = await api('POST', '/v1/oauth2/register', developer.token, {
    client_name: 'Reports app',
    redirect_uris: [REDIRECT],
    ...configuration,
  });
  expect(registered.status).toBe(200);
  return legacy(OAuth2Client).parse(registered.body);
}

/** The merchant's consent to `scope` for the client: the code and state the app's callback receives. */
async function consent(clientId: string, scope: string, challenge?: string, action: 'allow' | 'deny' = 'allow') {
  const parameters = {
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope,
    state: 'state-123',
    ...(challenge && { code_challenge: challenge, code_challenge_method: 'S256' }),
  };
  const consented = await form(
    '/v1/oauth2/consent',
    { ...parameters, action },
    { authorization: `Bearer ${merchant.token}` },
  );
  expect(consented.status).toBe(200);
  const callback = new URL(consented.body.redirect_uri);
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
  expect(callback.searchParams.get('state')).toBe('state-123');
  return { code: callback.searchParams.get('code'), error: callback.searchParams.get('error') };
}

describe('a public client with PKCE', () => {
  let client: OAuth2Client;
  beforeAll(async () => {
    client = await register({ token_endpoint_auth_method: 'none', scope: 'products:read products:write orders:read' });
  });

  test('is registered without a secret, and shows its request on the consent screen', async () => {
    expect(client.client_id).toMatch(/^bursar_ci_[0-9A-Za-z]{43}$/);
    expect(client).not.toHaveProperty('client_secret');
    expect((await api('GET', `/v1/oauth2/register/${client.client_id}`, developer.token)).body).toEqual(client);

    const query = new URLSearchParams({
      client_id: client.client_id,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'products:read',
    });
    query.set('code_challenge', pkce().challenge);
    query.set('code_challenge_method', 'S256');
    const screen = await api('GET', `/v1/oauth2/authorize?${query}`, merchant.token);
    expect(screen.status).toBe(200);
    expect(legacy(AuthorizeResponseOrganization).parse(screen.body)).toMatchObject({
      client: { client_id: client.client_id, client_name: 'Reports app' },
      sub_type: 'organization',
      sub: { id: merchant.id },
      scopes: ['products:read'],
      scope_display_names: { 'products:read': 'Read products' },
    });
  });

  test('the whole flow: consent, code with verifier, calls with the granted scopes only, refresh, revoke', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await consent(client.client_id, 'products:read', challenge);
    expect(code).toMatch(/^bursar_ac_/);

    const exchange = {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
    };
    expect((await form('/v1/oauth2/token', { ...exchange, code_verifier: pkce().verifier })).body.error).toBe(
      'invalid_grant',
    );
    const issued = await form('/v1/oauth2/token', { ...exchange, code_verifier: verifier });
    expect([issued.status, issued.headers.get('cache-control')]).toEqual([200, 'no-store']);
    const tokens = legacy(TokenResponse).parse(issued.body);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'products:read' });
    expect(tokens.access_token).toMatch(/^bursar_at_o_[0-9A-Za-z]{43}$/);
    expect(tokens.refresh_token).toMatch(/^bursar_rt_o_[0-9A-Za-z]{43}$/);

    // the app reads the merchant's products, and nothing else of anybody's
    const products = await api('GET', '/v1/products/', tokens.access_token);
    expect(products.status).toBe(200);
    expect(products.body.items.map((p: { id: string }) => p.id)).toEqual([merchantProduct]);
    expect((await api('GET', `/v1/products/${strangerProduct}`, tokens.access_token)).status).toBe(404);
    const write = await api('POST', '/v1/products/', tokens.access_token, {
      name: 'By the app',
      prices: [{ amount_type: 'free' }],
    });
    expect([write.status, write.body.error]).toEqual([403, 'NotPermitted']);
    expect((await api('GET', '/v1/orders/', tokens.access_token)).status).toBe(403);
    expect((await api('GET', '/v1/oauth2/userinfo', tokens.access_token)).body).toEqual({
      sub: merchant.id,
      name: expect.any(String),
    });
    // an app's token manages nothing: it cannot register clients nor consent
    expect(
      (await api('POST', '/v1/oauth2/register', tokens.access_token, { client_name: 'x', redirect_uris: [REDIRECT] }))
        .status,
    ).toBe(403);
    // nor is it a customer session
    expect((await api('GET', '/v1/customer-portal/customers/me', tokens.access_token)).status).toBe(401);

    // refresh: a new pair; the old refresh token is retired
    const refreshed = await form('/v1/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    });
    expect(refreshed.status).toBe(200);
    const next = legacy(TokenResponse).parse(refreshed.body);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api('GET', '/v1/products/', next.access_token)).status).toBe(200);

    // the retired refresh token used again: refused, and the whole grant is revoked
    const reused = await form('/v1/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    });
    expect([reused.status, reused.body.error]).toEqual([400, 'invalid_grant']);
    expect((await api('GET', '/v1/products/', next.access_token)).status).toBe(401);
    expect(
      (
        await form('/v1/oauth2/token', {
          grant_type: 'refresh_token',
          refresh_token: next.refresh_token!,
          client_id: client.client_id,
        })
      ).status,
    ).toBe(400);
  });

  test('a spent code presented again is refused, and the tokens it gave stop working', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await consent(client.client_id, 'products:read', challenge);
    const exchange = {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      code_verifier: verifier,
    };
    const tokens = legacy(TokenResponse).parse((await form('/v1/oauth2/token', exchange)).body);
    expect((await api('GET', '/v1/products/', tokens.access_token)).status).toBe(200);
    const again = await form('/v1/oauth2/token', exchange);
    expect([again.status, again.body.error]).toEqual([400, 'invalid_grant']);
    expect((await api('GET', '/v1/products/', tokens.access_token)).status).toBe(401);
    expect(
      (
        await form('/v1/oauth2/token', {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
          client_id: client.client_id,
        })
      ).status,
    ).toBe(400);
  });

  test('revoking an access token answers 401 at once; unknown tokens are answered the same', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await consent(client.client_id, 'products:read products:write', challenge);
    const tokens = legacy(TokenResponse).parse(
      (
        await form('/v1/oauth2/token', {
          grant_type: 'authorization_code',
          code: code!,
          redirect_uri: REDIRECT,
          client_id: client.client_id,
          code_verifier: verifier,
        })
      ).body,
    );
    expect(
      (
        await api('POST', '/v1/products/', tokens.access_token, {
          name: 'By the app',
          prices: [{ amount_type: 'free' }],
        })
      ).status,
    ).toBe(201);
    const revoked = await form('/v1/oauth2/revoke', {
      token: tokens.access_token,
      token_type_hint: 'access_token',
      client_id: client.client_id,
    });
    expect([revoked.status, revoked.body]).toEqual([200, {}]);
    expect((await api('GET', '/v1/products/', tokens.access_token)).status).toBe(401);
    expect((await form('/v1/oauth2/revoke', { token: 'no-such-token', client_id: client.client_id })).status).toBe(200);
  });

  test('refusals before any code: no PKCE, unknown or ungrantable scopes, a foreign redirect URI, a token that may not consent', async () => {
    const parameters = {
      client_id: client.client_id,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'products:read',
      action: 'allow',
    };
    const bearer = { authorization: `Bearer ${merchant.token}` };
    const { challenge } = pkce();
    const withPkce = { ...parameters, code_challenge: challenge, code_challenge_method: 'S256' };
    const cases: [Record<string, string>, string][] = [
      [parameters, 'invalid_request'],
      [{ ...withPkce, code_challenge_method: 'plain' }, 'RequestValidationError'],
      [{ ...withPkce, scope: 'products:fly' }, 'invalid_scope'],
      [{ ...withPkce, scope: MANAGE }, 'invalid_scope'],
      [{ ...withPkce, scope: 'customers:read' }, 'invalid_scope'], // not among the client's scopes
      [{ ...withPkce, redirect_uri: 'https://evil.example.com/cb' }, 'invalid_request'],
      [{ ...withPkce, client_id: 'bursar_ci_unknown' }, 'invalid_client'],
    ];
    for (const [fields, error] of cases) {
      const refused = await form('/v1/oauth2/consent', fields, bearer);
      expect([refused.status >= 400 && refused.status < 500, refused.body.error]).toEqual([true, error]);
    }
    // the merchant's token holds orders:read but not orders:write; the client may ask for orders:read only
    const narrow = await h.organization([MANAGE]);
    const refused = await form('/v1/oauth2/consent', withPkce, { authorization: `Bearer ${narrow.token}` });
    expect(refused.body.error).toBe('invalid_scope');
    const notAllowed = await form('/v1/oauth2/consent', withPkce, { authorization: `Bearer ${stranger.token}` });
    expect(notAllowed.status).toBe(403);
    expect(
      await h.env.production.orm.em
        .fork()
        .getConnection()
        .execute('select count(*)::int as n from oauth2_authorization_code where organization_id = ?', [stranger.id]),
    ).toEqual([{ n: 0 }]);
  });

  test('the granting organization lists the apps it let in and withdraws one: its tokens stop at once', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await consent(client.client_id, 'products:read', challenge);
    const exchange = {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      code_verifier: verifier,
    };
    const tokens = legacy(TokenResponse).parse((await form('/v1/oauth2/token', exchange)).body);
    const listed = await api('GET', '/v1/oauth2/grants/', merchant.token);
    const grant = listed.body.items.find((g: { client_id: string }) => g.client_id === client.client_id);
    expect(grant).toMatchObject({ client_name: 'Reports app', scopes: ['products:read'] });
    expect((await api('DELETE', `/v1/oauth2/grants/${grant.id}`, developer.token)).status).toBe(404); // not the developer's grant
    expect((await api('GET', '/v1/products/', tokens.access_token)).status).toBe(200);
    expect((await api('DELETE', `/v1/oauth2/grants/${grant.id}`, merchant.token)).status).toBe(204);
    expect((await api('GET', '/v1/products/', tokens.access_token)).status).toBe(401);
    expect(
      (
        await form('/v1/oauth2/token', {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
          client_id: client.client_id,
        })
      ).status,
    ).toBe(400);
    expect(
      (await api('GET', '/v1/oauth2/grants/', merchant.token)).body.items.map((g: { id: string }) => g.id),
    ).not.toContain(grant.id);
  });

  test('a denied request sends the browser back with access_denied and no code', async () => {
    expect(await consent(client.client_id, 'products:read', pkce().challenge, 'deny')).toEqual({
      code: null,
      error: 'access_denied',
    });
  });
});

describe('a confidential client', () => {
  let client: OAuth2Client;
  beforeAll(async () => {
    client = await register({ client_name: 'Back office', scope: 'products:read orders:read' });
  });

  test('authenticates with its secret the way it registered, introspects its tokens, and revoking a refresh token ends the grant', async () => {
    expect(client.client_secret).toMatch(/^bursar_cs_/);
    expect((await api('GET', `/v1/oauth2/register/${client.client_id}`, developer.token)).body).not.toHaveProperty(
      'client_secret',
    );
    const { code } = await consent(client.client_id, 'products:read orders:read');
    const exchange = {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
    };
    const noSecret = await form('/v1/oauth2/token', exchange);
    expect([noSecret.status, noSecret.body.error]).toEqual([401, 'invalid_client']);
    const wrong = await form('/v1/oauth2/token', { ...exchange, client_secret: 'bursar_cs_wrong' });
    expect([wrong.status, wrong.body.error]).toEqual([401, 'invalid_client']);
    // registered with client_secret_post (the default): its secret in the body, not in HTTP Basic
    const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
    const viaBasic = await form('/v1/oauth2/token', { ...exchange, client_id: undefined }, { authorization: basic });
    expect([viaBasic.status, viaBasic.body.error]).toEqual([401, 'invalid_client']);
    const tokens = legacy(TokenResponse).parse(
      (await form('/v1/oauth2/token', { ...exchange, client_secret: client.client_secret! })).body,
    );
    expect(tokens.scope).toBe('products:read orders:read');
    expect((await api('GET', '/v1/orders/', tokens.access_token)).status).toBe(200);

    const secret = { client_id: client.client_id, client_secret: client.client_secret! };
    const active = legacy(IntrospectTokenResponse).parse(
      (await form('/v1/oauth2/introspect', { token: tokens.access_token, ...secret })).body,
    );
    expect(active).toMatchObject({
      active: true,
      client_id: client.client_id,
      token_type: 'access_token',
      scope: 'products:read orders:read',
      sub: merchant.id,
    });
    const refresh = (await form('/v1/oauth2/introspect', { token: tokens.refresh_token!, ...secret })).body;
    expect(refresh).toMatchObject({ active: true, token_type: 'refresh_token' });
    expect(
      (await form('/v1/oauth2/introspect', { token: tokens.access_token, client_id: client.client_id })).body.error,
    ).toBe('invalid_client');

    expect((await form('/v1/oauth2/revoke', { token: tokens.refresh_token!, ...secret })).status).toBe(200);
    expect((await form('/v1/oauth2/introspect', { token: tokens.access_token, ...secret })).body).toEqual({
      active: false,
    });
    expect((await api('GET', '/v1/orders/', tokens.access_token)).status).toBe(401);
  });

  test('another organization cannot see, change or delete the client; deleting it ends its tokens', async () => {
    expect((await api('GET', `/v1/oauth2/register/${client.client_id}`, merchant.token)).status).toBe(404);
    expect((await api('DELETE', `/v1/oauth2/register/${client.client_id}`, merchant.token)).status).toBe(404);
    const update = {
      client_id: client.client_id,
      client_name: 'Renamed',
      redirect_uris: [REDIRECT],
      scope: 'products:read',
    };
    const renamed = await api('PUT', `/v1/oauth2/register/${client.client_id}`, developer.token, update);
    expect(renamed.body).toMatchObject({ client_name: 'Renamed', scope: 'products:read' });
    const { code } = await consent(client.client_id, 'products:read');
    const secret = { client_id: client.client_id, client_secret: client.client_secret! };
    const tokens = legacy(TokenResponse).parse(
      (
        await form('/v1/oauth2/token', {
          grant_type: 'authorization_code',
          code: code!,
          redirect_uri: REDIRECT,
          ...secret,
        })
      ).body,
    );
    expect((await api('DELETE', `/v1/oauth2/register/${client.client_id}`, developer.token)).status).toBe(204);
    expect((await api('GET', '/v1/products/', tokens.access_token)).status).toBe(401);
    expect(
      (await form('/v1/oauth2/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, ...secret }))
        .body.error,
    ).toBe('invalid_client');
  });
});

test("a client registered with the reference SDK's default scope string keeps the scopes Bursar grants; unknown ones are refused", async () => {
  const sdkDefault =
    'openid profile email user:read user:write organizations:read organizations:write products:read products:write notifications:read notification_recipients:write';
  expect((await register({ scope: sdkDefault })).scope).toBe(
    'organizations:read organizations:write products:read products:write',
  );
  const refused = await api('POST', '/v1/oauth2/register', developer.token, {
    client_name: 'x',
    redirect_uris: [REDIRECT],
    scope: 'products:read rockets:launch',
  });
  expect([refused.status, refused.body.detail[0].loc, refused.body.detail[0].msg]).toEqual([
    422,
    ['body', 'scope'],
    expect.stringContaining('rockets:launch'),
  ]);
  const management = await api('POST', '/v1/oauth2/register', developer.token, {
    client_name: 'x',
    redirect_uris: [REDIRECT],
    scope: MANAGE,
  });
  expect(management.status).toBe(422);
});

test('each client has its own request budget, whichever organizations granted it; the organization’s own token keeps its own', async () => {
  const accessToken = async (clientId: string, consenting = merchant.token) => {
    const { verifier, challenge } = pkce();
    const request = {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'products:read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const consented = await form(
      '/v1/oauth2/consent',
      { ...request, action: 'allow' },
      { authorization: `Bearer ${consenting}` },
    );
    const code = new URL(consented.body.redirect_uri).searchParams.get('code')!;
    const exchange = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
    };
    return legacy(TokenResponse).parse((await form('/v1/oauth2/token', exchange)).body).access_token;
  };
  const client = await register({ token_endpoint_auth_method: 'none', scope: 'products:read' });
  const other = await register({ token_endpoint_auth_method: 'none', scope: 'products:read' });
  const secondMerchant = await h.organization([MANAGE, 'products:read']);
  // two organizations granted the same client: their tokens spend one budget (20 + 20 = 40)
  const [fromMerchant, fromSecond] = [
    await accessToken(client.client_id),
    await accessToken(client.client_id, secondMerchant.token),
  ];
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++)
    statuses.push(
      (await api('GET', '/v1/products/', fromMerchant)).status,
      (await api('GET', '/v1/products/', fromSecond)).status,
    );
  expect(statuses.every((status) => status === 200)).toBe(true);
  const limited = await api('GET', '/v1/products/', fromSecond);
  expect([limited.status, limited.body.error, Number(limited.headers.get('retry-after')) > 0]).toEqual([
    429,
    'TooManyRequests',
    true,
  ]);
  // another client, and the organization's own token, have budgets of their own
  expect((await api('GET', '/v1/products/', await accessToken(other.client_id))).status).toBe(200);
  expect((await api('GET', '/v1/products/', merchant.token)).status).toBe(200);
});

test('registration honours X-Idempotency-Key: a confidential client is registered once and its secret never shown twice (409); a public one is answered again', async () => {
  const registrar = await h.organization([MANAGE]);
  const registerWith = (key: string, configuration: Record<string, unknown>) =>
    h.request('POST', '/v1/oauth2/register', {
      token: registrar.token,
      json: { client_name: 'Keyed app', redirect_uris: [REDIRECT], ...configuration },
      headers: { 'x-idempotency-key': key },
    });
  const clientIds = async () =>
    (
      await h.env.production.orm.em
        .fork()
        .execute<{ client_id: string }[]>('select client_id from oauth2_client where organization_id = ?', [
          registrar.id,
        ])
    ).map((row) => row.client_id);

  const answers = await Promise.all(
    Array.from({ length: 50 }, () => registerWith('register-once', { scope: 'products:read' })),
  );
  const registered = answers.filter((a) => a.status === 200);
  expect(registered).toHaveLength(1);
  const { client_id, client_secret } = registered[0].body;
  expect(client_secret).toMatch(/^bursar_/);
  const refusals = answers.filter((a) => a.status !== 200);
  expect(new Set(refusals.map((a) => `${a.status} ${a.body.error}`))).toEqual(new Set(['409 SecretNotReplayable']));
  for (const refusal of refusals) {
    expect(refusal.body.detail).toContain(client_id);
    expect(JSON.stringify(refusal.body)).not.toContain(client_secret);
  }
  expect(await clientIds()).toEqual([client_id]);

  const first = await registerWith('register-public', { token_endpoint_auth_method: 'none' });
  const again = await registerWith('register-public', { token_endpoint_auth_method: 'none' });
  expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
  expect(again.body).toEqual(first.body);
  expect(again.body).not.toHaveProperty('client_secret');
  expect((await clientIds()).sort()).toEqual([client_id, first.body.client_id].sort());
});

describe('redirect URIs (RFC 6749 §3.1.2, RFC 9700, RFC 8252 §7.3)', () => {
  const REFUSED = [
    'https://app.example.com/callback#section', // a fragment
    'https://app.example.com/callback#', // an empty one is one too
    'https://user:pass@app.example.com/callback', // userinfo
    'https://user@app.example.com/callback',
    'https://@app.example.com/callback',
    'http://app.example.com/callback', // plain http beyond loopback
    'http://localhost.example.com/callback',
    'http://127.0.0.1.example.com/callback',
    'https://*.example.com/callback', // a wildcard host
    'https://*/callback',
  ];
  const ALLOWED = [
    'http://127.0.0.1:8765/callback',
    'http://[::1]:8765/callback',
    'http://localhost:3000/callback',
    'https://app.example.com/cb?tenant=1',
  ];

  const expectInvalidRedirectUri = (response: { status: number; body: Record<string, unknown> }, uri: string) => {
    expect({ uri, status: response.status, error: response.body.error }).toEqual({
      uri,
      status: 400,
      error: 'invalid_redirect_uri',
    });
    expect(response.body.error_description).toMatch(/^redirect_uris\[\d+\] /);
  };

  test('registration and update refuse a fragment, userinfo, plain http beyond loopback and a wildcard host: 400 invalid_redirect_uri, nothing written', async () => {
    const registrar = await h.organization([MANAGE]);
    const count = async () =>
      (
        await h.env.production.orm.em
          .fork()
          .execute<{ n: number }[]>('select count(*)::int as n from oauth2_client where organization_id = ?', [
            registrar.id,
          ])
      )[0].n;
    const configuration = (uris: string[]) => ({
      client_name: 'Strict app',
      redirect_uris: uris,
      scope: 'products:read',
    });
    for (const uri of REFUSED) {
      expectInvalidRedirectUri(
        await api('POST', '/v1/oauth2/register', registrar.token, configuration([REDIRECT, uri])),
        uri,
      );
    }
    expect(await count()).toBe(0);

    const allowed = await api('POST', '/v1/oauth2/register', registrar.token, configuration(ALLOWED));
    expect([allowed.status, allowed.body.redirect_uris]).toEqual([200, ALLOWED]);
    const path = `/v1/oauth2/register/${allowed.body.client_id}`;
    for (const uri of REFUSED) {
      expectInvalidRedirectUri(
        await api('PUT', path, registrar.token, { client_id: allowed.body.client_id, ...configuration([uri]) }),
        uri,
      );
    }
    expect((await api('GET', path, registrar.token)).body.redirect_uris).toEqual(ALLOWED);
    expect(await count()).toBe(1);
  });

  test('an authorization request matches a registered URI exactly, and one registered before these rules is no longer honoured', async () => {
    const client = await register({ scope: 'products:read', redirect_uris: [REDIRECT] });
    const { challenge } = pkce();
    const request = {
      client_id: client.client_id,
      response_type: 'code',
      scope: 'products:read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const bearer = { authorization: `Bearer ${merchant.token}` };
    const near = [
      `${REDIRECT}/`,
      `${REDIRECT}?x=1`,
      'https://APP.example.com/callback',
      'https://app.example.com:443/callback',
      'https://app.example.com/Callback',
    ];
    for (const redirect_uri of near) {
      const refused = await api(
        'GET',
        `/v1/oauth2/authorize?${new URLSearchParams({ ...request, redirect_uri })}`,
        merchant.token,
      );
      expect({ redirect_uri, status: refused.status, error: refused.body.error }).toEqual({
        redirect_uri,
        status: 400,
        error: 'invalid_request',
      });
    }
    expect(
      (await form('/v1/oauth2/consent', { ...request, redirect_uri: REDIRECT, action: 'allow' }, bearer)).status,
    ).toBe(200);

    const legacyUri = 'http://app.example.com/callback';
    await h.env.production.orm.em
      .fork()
      .execute('update oauth2_client set redirect_uris = array[?]::text[] where client_id = ?', [
        legacyUri,
        client.client_id,
      ]);
    const stale = await form('/v1/oauth2/consent', { ...request, redirect_uri: legacyUri, action: 'allow' }, bearer);
    expect([stale.status, stale.body.error]).toEqual([400, 'invalid_request']);
    expect(stale.body).not.toHaveProperty('redirect_uri');
  });
});
