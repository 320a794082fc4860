// OAuth clients find Bursar by its authorization-server metadata (RFC 8414, and OpenID Connect Discovery's path): the
// document is true to what the server does, and an app built on openid-client discovers the endpoints from it and
// completes the code flow with PKCE — validating the ID token of each grant, its signature against the published
// keys included — the test playing the consenting organization's backend in between.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { AuthorizationServerMetadata } from '../../src/contracts/oauth2-server-metadata';
import { OAuth2Client } from '../../src/contracts/oauth2-client';
import { OAUTH2_SCOPES } from '../../src/domains/oauth2';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

const APP = join(__dirname, '../support/openid-client-app.mjs');
const REDIRECT = 'https://app.example.com/callback';
const MANAGE = 'organization_access_tokens:write';
const WELL_KNOWN = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];

let h: TestHarness;
let developer: { id: string; token: string };
let merchant: { id: string; token: string };
let merchantProduct: string;

beforeAll(async () => {
  h = await startHarness();
  developer = await h.organization([MANAGE]);
  merchant = await h.organization([MANAGE, 'products:read', 'products:write']);
  const stranger = await h.organization(['products:write']);
  const create = (token: string, name: string) =>
    h.request('POST', '/v1/products/', { token, json: { name, prices: [{ amount_type: 'free' }] } });
  const [own] = await Promise.all([create(merchant.token, 'Course'), create(stranger.token, 'Not the merchant’s')]);
  expect(own.status).toBe(201);
  merchantProduct = own.body.id;
});
afterAll(() => h.close());

describe('the authorization-server metadata', () => {
  test.each(['production', 'sandbox'] as const)(
    'names the %s environment’s public URL as issuer and only what the server does',
    async (environment) => {
      const [rfc8414, oidc] = await Promise.all(WELL_KNOWN.map((path) => h.request('GET', path, { environment })));
      expect([rfc8414.status, rfc8414.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
      expect(oidc.body).toEqual(rfc8414.body);
      const issuer = h.url[environment];
      const all = ['client_secret_basic', 'client_secret_post', 'none'];
      // toEqual: no other member, so no registration endpoint, response type or algorithm this server could not honour
      expect(legacy(AuthorizationServerMetadata).parse(rfc8414.body)).toEqual(rfc8414.body);
      expect(rfc8414.body).toEqual({
        issuer,
        authorization_endpoint: `${issuer}/v1/oauth2/authorize`,
        token_endpoint: `${issuer}/v1/oauth2/token`,
        token_endpoint_auth_methods_supported: all,
        introspection_endpoint: `${issuer}/v1/oauth2/introspect`,
        introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        revocation_endpoint: `${issuer}/v1/oauth2/revoke`,
        revocation_endpoint_auth_methods_supported: all,
        userinfo_endpoint: `${issuer}/v1/oauth2/userinfo`,
        jwks_uri: `${issuer}/v1/oauth2/jwks`,
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
        scopes_supported: ['openid', ...OAUTH2_SCOPES],
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
      });
      expect(
        rfc8414.body.scopes_supported.filter((scope: string) => scope.startsWith('organization_access_tokens:')),
      ).toEqual([]);
    },
  );

  test('every endpoint it names is served, and every grant type it names is accepted', async () => {
    const metadata = legacy(AuthorizationServerMetadata).parse((await h.request('GET', WELL_KNOWN[0])).body);
    const served = h.env.production.domains.routes.map((route) => `${route.method.toUpperCase()} ${route.path}`);
    const named = (url: string, method: string) => `${method} ${new URL(url).pathname}`;
    expect(served).toEqual(
      expect.arrayContaining([
        named(metadata.authorization_endpoint, 'GET'),
        named(metadata.token_endpoint, 'POST'),
        named(metadata.introspection_endpoint, 'POST'),
        named(metadata.revocation_endpoint, 'POST'),
        named(metadata.userinfo_endpoint, 'GET'),
        named(metadata.jwks_uri, 'GET'),
      ]),
    );
    const grant = (grant_type: string) =>
      h.request('POST', '/v1/oauth2/token', {
        rawBody: new URLSearchParams({ grant_type }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    for (const grantType of metadata.grant_types_supported)
      expect((await grant(grantType)).body.error).toBe('invalid_request'); // parameters missing
    expect((await grant('client_credentials')).body.error).toBe('unsupported_grant_type');
  });

  test('needs no token, and is answered the same with one', async () => {
    const anonymous = await h.request('GET', WELL_KNOWN[1]);
    expect(anonymous.status).toBe(200);
    expect((await h.request('GET', WELL_KNOWN[1], { token: 'bursar_oat_not-a-token' })).body).toEqual(anonymous.body);
  });
});

describe('an app built on openid-client', () => {
  test('a public client discovers from OpenID Connect Discovery’s path and completes the code flow with PKCE', async () => {
    const client = await register({ token_endpoint_auth_method: 'none' });
    const steps = await runApp({ CLIENT_ID: client.client_id, CLIENT_AUTH: 'none', DISCOVERY: 'oidc' });
    expectCompletedFlow(steps, client.client_id);
  });

  test('a confidential client with client_secret_basic discovers from RFC 8414’s path and completes the same flow', async () => {
    const client = await register({ token_endpoint_auth_method: 'client_secret_basic' });
    const steps = await runApp({
      CLIENT_ID: client.client_id,
      CLIENT_SECRET: client.client_secret!,
      CLIENT_AUTH: 'client_secret_basic',
      DISCOVERY: 'oauth2',
    });
    expectCompletedFlow(steps, client.client_id);
  });

  test('a relying party asking for openid with a nonce gets the ID token openid-client requires, with the nonce', async () => {
    const client = await register({ token_endpoint_auth_method: 'none' });
    const steps = await runApp({
      CLIENT_ID: client.client_id,
      CLIENT_AUTH: 'none',
      DISCOVERY: 'oidc',
      SCOPE: 'openid products:read',
    });
    expectCompletedFlow(steps, client.client_id, 'openid products:read');
    expect(steps.authorize.nonce).toEqual(expect.any(String));
    expect(steps.tokens.id_token_claims.nonce).toBe(steps.authorize.nonce);
    expect(steps.refreshed.id_token_claims).not.toHaveProperty('nonce');
  });

  test('a client authenticating otherwise than it registered is refused invalid_client, in terms the library reads', async () => {
    const client = await register({ token_endpoint_auth_method: 'client_secret_basic' });
    const steps = await runApp({
      CLIENT_ID: client.client_id,
      CLIENT_SECRET: client.client_secret!,
      CLIENT_AUTH: 'client_secret_post',
      DISCOVERY: 'oauth2',
    });
    expect(steps.tokens).toBeUndefined();
    expect(steps.error).toMatchObject({
      status: 401,
      www_authenticate: 'Basic realm="Bursar OAuth 2.0"',
      body: {
        error: 'invalid_client',
        error_description: expect.stringContaining('registered to authenticate with client_secret_basic'),
      },
    });
    expect(steps.exit).toEqual({ step: 'exit', code: 1 });
  });
});

async function register(configuration: Record<string, unknown>) {
  const body = { client_name: 'Reports app', redirect_uris: [REDIRECT], scope: 'products:read', ...configuration };
  const registered = await h.request('POST', '/v1/oauth2/register', { token: developer.token, json: body });
  expect(registered.status).toBe(200);
  return legacy(OAuth2Client).parse(registered.body);
}

type Step = { step: string } & Record<string, any>;

/** Runs the app to its end; when it prints its authorization URL, the merchant's backend consents and hands back the callback. */
async function runApp(env: Record<string, string>): Promise<Record<string, Step>> {
  const child = spawn(process.execPath, [APP], {
    env: {
      ...process.env,
      ISSUER: h.url.production,
      REDIRECT_URI: REDIRECT,
      SCOPE: 'products:read',
      RESOURCE: '/v1/products/',
      ...env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const steps: Record<string, Step> = {};
  try {
    for await (const line of createInterface({ input: child.stdout })) {
      const step = JSON.parse(line) as Step;
      steps[step.step] = step;
      if (step.step === 'authorize') child.stdin.write(`${await consent(new URL(step.url))}\n`);
    }
  } finally {
    if (child.exitCode === null) child.kill();
  }
  steps.exit = { step: 'exit', code: await exited, ...(stderr && { stderr }) };
  return steps;
}

/** The consenting organization's backend: reads the request at the authorization endpoint, allows it, returns where the browser goes. */
async function consent(authorizationUrl: URL): Promise<string> {
  expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${h.url.production}/v1/oauth2/authorize`);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const screen = await h.request('GET', `${authorizationUrl.pathname}${authorizationUrl.search}`, {
    token: merchant.token,
  });
  const asked = authorizationUrl.searchParams.get('scope')!.split(' ');
  expect([screen.status, screen.body.sub?.id, screen.body.scopes]).toEqual([200, merchant.id, asked]);
  const consented = await h.request('POST', '/v1/oauth2/consent', {
    token: merchant.token,
    rawBody: new URLSearchParams({ ...Object.fromEntries(authorizationUrl.searchParams), action: 'allow' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(consented.status).toBe(200);
  return consented.body.redirect_uri;
}

function expectCompletedFlow(steps: Record<string, Step>, clientId: string, scope = 'products:read') {
  expect(steps.exit).toEqual({ step: 'exit', code: 0 });
  expect(steps.discovered).toEqual({
    step: 'discovered',
    issuer: h.url.production,
    token_endpoint: `${h.url.production}/v1/oauth2/token`,
    supports_pkce: true,
  });
  expect(steps.tokens).toMatchObject({ token_type: 'bearer', scope, refreshable: true });
  expect(steps.tokens.expires_in).toBeGreaterThan(3500);
  // the ID tokens openid-client validated (and verified against the published keys): the merchant granted this app
  const identity = { iss: h.url.production, sub: merchant.id, aud: clientId };
  expect(steps.tokens.id_token_claims).toMatchObject(identity);
  expect(steps.refreshed.id_token_claims).toMatchObject({
    ...identity,
    auth_time: steps.tokens.id_token_claims.auth_time,
  });
  // the access token reads the consenting merchant's products, and only theirs
  expect(steps.resource.status).toBe(200);
  expect(steps.resource.body.items.map((product: { id: string }) => product.id)).toEqual([merchantProduct]);
  expect(steps.refreshed).toMatchObject({ rotated: true, status: 200 });
  expect(steps.revoked).toMatchObject({ status: 401 }); // revoking the refresh token ended the grant
}
