// OpenID Connect ID tokens: every token answer, of either grant, carries one, signed with the environment's own key and
// verifiable against the key set the metadata names; its claims name the issuer, the granting organization, the app,
// the consent, the access token and the request's nonce. The keys survive a restart, are sealed at rest and rotate;
// and the older published clients, which refuse a token answer without id_token, accept Bursar's.
import { createHash, randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Environment } from '../../src/platform/config';
import { OAuth2Client } from '../../src/contracts/oauth2-client';
import { TokenResponse } from '../../src/contracts/oauth2-token';
import { startHarness, type TestHarness } from '../support/harness';
import { atHash, decodeIdToken, publishedKeys, verifiesWith } from '../support/oauth2-id-tokens';
import { legacy } from '../support/versioned-contract';

const REDIRECT = 'https://app.example.com/callback';
const MANAGE = 'organization_access_tokens:write';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Tenant = { id: string; token: string };
let h: TestHarness;
const merchants = {} as Record<Environment, Tenant>;
const clients = {} as Record<Environment, OAuth2Client>;

beforeAll(async () => {
  h = await startHarness();
  for (const environment of ['production', 'sandbox'] as const) {
    const developer = await h.organization([MANAGE], environment);
    merchants[environment] = await h.organization([MANAGE, 'products:read'], environment);
    const body = {
      client_name: 'Sign-in app',
      redirect_uris: [REDIRECT],
      scope: 'products:read',
      token_endpoint_auth_method: 'none',
    };
    const registered = await h.request('POST', '/v1/oauth2/register', {
      environment,
      token: developer.token,
      json: body,
    });
    clients[environment] = legacy(OAuth2Client).parse(registered.body);
  }
});
afterAll(() => h.close());

const form = (
  harness: TestHarness,
  environment: Environment,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  harness.request('POST', path, {
    environment,
    rawBody: new URLSearchParams(fields).toString(),
    headers: { ...FORM, ...headers },
  });

const nowSeconds = () => Date.now() / 1000;

/** The merchant consents to the app's request, and the app exchanges the code: the answer, and when the consent was. */
async function grant(environment: Environment, options: { nonce?: string; scope?: string } = {}, harness = h) {
  const client = clients[environment];
  const verifier = randomBytes(32).toString('base64url');
  const request = {
    client_id: client.client_id,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: options.scope ?? 'products:read',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(options.nonce && { nonce: options.nonce }),
  };
  const consentedFrom = Math.floor(nowSeconds());
  const consented = await form(
    harness,
    environment,
    '/v1/oauth2/consent',
    { ...request, action: 'allow' },
    { authorization: `Bearer ${merchants[environment].token}` },
  );
  const consentedBy = Math.ceil(nowSeconds());
  expect(consented.status).toBe(200);
  const code = new URL(consented.body.redirect_uri).searchParams.get('code')!;
  const exchange = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: client.client_id,
    code_verifier: verifier,
  };
  const issued = await form(harness, environment, '/v1/oauth2/token', exchange);
  expect(issued.status).toBe(200);
  return { answer: issued.body, tokens: legacy(TokenResponse).parse(issued.body), consentedFrom, consentedBy };
}

async function refresh(environment: Environment, refreshToken: string) {
  const refreshed = await form(h, environment, '/v1/oauth2/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: clients[environment].client_id,
  });
  expect(refreshed.status).toBe(200);
  return { answer: refreshed.body, tokens: legacy(TokenResponse).parse(refreshed.body) };
}

/** The token with claims changed but the original header and signature. */
function withClaims(idToken: string, changes: Record<string, unknown>): string {
  const [header, claims, signature] = idToken.split('.');
  const changed = { ...JSON.parse(Buffer.from(claims, 'base64url').toString()), ...changes };
  return [header, Buffer.from(JSON.stringify(changed)).toString('base64url'), signature].join('.');
}

const kidOf = (idToken: string) => decodeIdToken(idToken).header.kid;

describe('the ID token of each grant', () => {
  test('the code exchange: signed RS256 by a published key, naming the issuer, the organization, the app, the consent and the nonce', async () => {
    const nonce = randomBytes(16).toString('base64url');
    const { tokens, consentedFrom, consentedBy } = await grant('production', { nonce });
    const { header, claims } = decodeIdToken(tokens.id_token);
    const keys = await publishedKeys(h, 'production');
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: expect.any(String) });
    expect(keys.map((key) => key.kid)).toContain(header.kid);
    expect(verifiesWith(tokens.id_token, keys)).toBe(true);
    expect(claims).toEqual({
      iss: h.url.production,
      sub: merchants.production.id,
      aud: clients.production.client_id,
      iat: expect.any(Number),
      exp: (claims.iat as number) + tokens.expires_in, // ends with the access token
      auth_time: expect.any(Number),
      nonce,
      at_hash: atHash(tokens.access_token),
    });
    expect(claims.auth_time).toBeGreaterThanOrEqual(consentedFrom);
    expect(claims.auth_time).toBeLessThanOrEqual(consentedBy);
    expect(Math.abs((claims.iat as number) - nowSeconds())).toBeLessThan(10);
    // the signature covers the claims: another organization's id in the same token does not verify
    expect(verifiesWith(withClaims(tokens.id_token, { sub: merchants.sandbox.id }), keys)).toBe(false);
  });

  test('a refresh: a new ID token for the same grant (same consent, no nonce), bound to the new access token', async () => {
    const first = await grant('production', { nonce: 'n-0S6_WzA2Mj' });
    const firstClaims = decodeIdToken(first.tokens.id_token).claims;
    const { tokens } = await refresh('production', first.tokens.refresh_token!);
    const { claims } = decodeIdToken(tokens.id_token);
    expect(verifiesWith(tokens.id_token, await publishedKeys(h, 'production'))).toBe(true);
    expect(claims).toEqual({
      iss: h.url.production,
      sub: merchants.production.id,
      aud: clients.production.client_id,
      iat: expect.any(Number),
      exp: (claims.iat as number) + tokens.expires_in,
      auth_time: firstClaims.auth_time,
      at_hash: atHash(tokens.access_token),
    });
    expect(tokens.id_token).not.toBe(first.tokens.id_token);
  });

  test('without a nonce in the request, the ID token carries none; with openid asked for, the grant says so', async () => {
    const plain = decodeIdToken((await grant('production')).tokens.id_token).claims;
    expect(plain).not.toHaveProperty('nonce');
    expect(plain.sub).toBe(merchants.production.id);
    const openid = await grant('production', { scope: 'openid products:read', nonce: 'abc' });
    expect(openid.tokens.scope).toBe('openid products:read');
    expect(decodeIdToken(openid.tokens.id_token).claims).toMatchObject({ nonce: 'abc', sub: merchants.production.id });
    expect((await refresh('production', openid.tokens.refresh_token!)).tokens.scope).toBe('openid products:read');
  });

  test('each environment signs with its own keys: an ID token verifies against its environment’s key set only', async () => {
    const [production, sandbox] = [await grant('production'), await grant('sandbox')];
    const keys = { production: await publishedKeys(h, 'production'), sandbox: await publishedKeys(h, 'sandbox') };
    expect(decodeIdToken(sandbox.tokens.id_token).claims).toMatchObject({
      iss: h.url.sandbox,
      sub: merchants.sandbox.id,
    });
    expect(verifiesWith(sandbox.tokens.id_token, keys.sandbox)).toBe(true);
    expect(verifiesWith(sandbox.tokens.id_token, keys.production)).toBe(false);
    expect(verifiesWith(production.tokens.id_token, keys.production)).toBe(true);
    expect(verifiesWith(production.tokens.id_token, keys.sandbox)).toBe(false);
    const moduli = keys.sandbox.map((key) => key.n);
    expect(keys.production.filter((key) => moduli.includes(key.n))).toEqual([]);
  });
});

describe('the signing keys', () => {
  const sql = (environment: Environment, query: string, parameters: unknown[] = []) =>
    h.env[environment].orm.em.fork().getConnection().execute(query, parameters);

  test('are made once even by concurrent first ID tokens, kept sealed, and still used after a restart', async () => {
    await sql('sandbox', 'delete from oauth2_signing_key');
    const concurrent = await Promise.all([grant('sandbox'), grant('sandbox'), grant('sandbox')]);
    const kids = [...new Set(concurrent.map(({ tokens }) => kidOf(tokens.id_token)))];
    expect(kids).toHaveLength(1);
    expect(
      await sql('sandbox', 'select kid, public_key, sealed_private_key, retired_at from oauth2_signing_key'),
    ).toEqual([
      {
        kid: kids[0],
        public_key: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----/),
        sealed_private_key: expect.not.stringMatching(/PRIVATE|^-----/),
        retired_at: null,
      },
    ]);

    const restarted = await startHarness(); // new services on the same databases, nothing kept in memory
    try {
      const { tokens } = await grant('sandbox', {}, restarted);
      expect(kidOf(tokens.id_token)).toBe(kids[0]);
      expect(verifiesWith(concurrent[0].tokens.id_token, await publishedKeys(restarted, 'sandbox'))).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  test('a key due for rotation is replaced by the next ID token; the retired one stays published while its ID tokens may be unexpired', async () => {
    const before = await grant('production');
    const retiring = kidOf(before.tokens.id_token);
    await sql('production', `update oauth2_signing_key set created_at = now() - interval '31 days' where kid = ?`, [
      retiring,
    ]);
    const after = await grant('production');
    const current = kidOf(after.tokens.id_token);
    expect(current).not.toBe(retiring);
    const keys = await publishedKeys(h, 'production');
    expect(keys.map((key) => key.kid)).toEqual([current, retiring]);
    expect([verifiesWith(before.tokens.id_token, keys), verifiesWith(after.tokens.id_token, keys)]).toEqual([
      true,
      true,
    ]);

    // published for the ID token lifetime (an hour) and five minutes of clock skew after retirement, not longer
    await sql('production', `update oauth2_signing_key set retired_at = now() - interval '64 minutes' where kid = ?`, [
      retiring,
    ]);
    expect((await publishedKeys(h, 'production')).map((key) => key.kid)).toEqual([current, retiring]);
    await sql('production', `update oauth2_signing_key set retired_at = now() - interval '66 minutes' where kid = ?`, [
      retiring,
    ]);
    expect((await publishedKeys(h, 'production')).map((key) => key.kid)).toEqual([current]);
    expect(verifiesWith(before.tokens.id_token, await publishedKeys(h, 'production'))).toBe(false);

    // the next rotation deletes the key no longer published
    await sql('production', `update oauth2_signing_key set created_at = now() - interval '31 days' where kid = ?`, [
      current,
    ]);
    const next = kidOf((await grant('production')).tokens.id_token);
    const rows = await sql(
      'production',
      'select kid, retired_at is null as current from oauth2_signing_key order by created_at desc',
    );
    expect(rows).toEqual([
      { kid: next, current: true },
      { kid: current, current: false },
    ]);
  });
});

describe('the published clients that require id_token', () => {
  /** The client's own compiled schema (its package exports map subpaths elsewhere: loaded by file, as the compat suite does). */
  const inbound = (version: string): { parse(value: unknown): Record<string, unknown> } => {
    const root = dirname(require.resolve(`polar-sdk-${version}/package.json`));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(join(root, 'dist/commonjs/models/components/tokenresponse.js')).TokenResponse$inboundSchema;
  };
  const answers: Record<string, Record<string, unknown>> = {};

  beforeAll(async () => {
    const code = await grant('production');
    answers.authorization_code = code.answer;
    answers.refresh_token = (await refresh('production', code.tokens.refresh_token!)).answer;
  });

  test.each(['0.32', '0.41', '0.42'])(
    '%s accepts the token answers of both grants, and would refuse them without id_token',
    (version) => {
      const schema = inbound(version);
      for (const answer of Object.values(answers)) {
        expect(schema.parse(answer)).toMatchObject({
          accessToken: answer.access_token,
          refreshToken: answer.refresh_token,
          idToken: answer.id_token,
        });
        const { id_token: _, ...without } = answer;
        expect(() => schema.parse(without)).toThrow();
      }
    },
  );
});
