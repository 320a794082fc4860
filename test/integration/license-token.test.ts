// Offline license tokens over HTTP: a granted key's token verifies with the README's verifier and the listed public
// keys (with a token and without); tampered, foreign and expired tokens fail it; keys not granted or expired get
// none; rotation keeps old tokens verifying; the first signing key is made once under concurrent requests.
import { randomUUID } from 'node:crypto';
import { revokeLicenseKey } from '../../src/domains/benefit/license-key/license-key-grants';
import {
  LicenseKey as LicenseKeyEntity,
  LicenseSigningKey,
  type LicenseKey,
} from '../../src/domains/benefit/license-key/license-key.entity';
import { inTransaction } from '../../src/platform/database/transaction';
import { startHarness, type ApiResponse, type TestHarness } from '../support/harness';
import { issueLicenseKey } from '../support/license-keys';
import { verifyLicenseToken } from '../support/offline-verifier';

const TTL = 3_600;
let h: TestHarness;

beforeAll(async () => {
  h = await startHarness({ LICENSE_TOKEN_TTL_SECONDS: String(TTL) });
});
afterAll(() => h.close());

type Call = (method: string, path: string, json?: unknown) => Promise<ApiResponse>;
interface Merchant {
  id: string;
  call: Call;
}

async function merchant(
  scopes = ['customers:write', 'benefits:write', 'license_keys:write'] as const,
): Promise<Merchant> {
  const org = await h.organization([...scopes]);
  return { id: org.id, call: (method, path, json) => h.request(method, path, { token: org.token, json }) };
}

/** A key as a grant gives it (see test/support/license-keys.ts); `change` then revokes it, disables it or moves its expiry. */
async function licenseKey(
  m: Merchant,
  change: Partial<Pick<LicenseKey, 'status' | 'expiresAt'>> = {},
): Promise<LicenseKey> {
  const { key, grantId } = await issueLicenseKey(h, m, {
    prefix: 'APP',
    activations: { limit: 3, enable_customer_admin: false },
  });
  return inTransaction(h.env.production.orm, async (tx) => {
    const managed = await tx.em.findOneOrFail(LicenseKeyEntity, key.id);
    if (change.status === 'revoked') await revokeLicenseKey(tx, grantId, new Date());
    else Object.assign(managed, change);
    await tx.em.flush();
    return managed;
  });
}

async function publicKeys(m: Merchant): Promise<string[]> {
  const list = await m.call('GET', '/v1/license-key-signing-keys/');
  expect(list.status).toBe(200);
  return list.body.items.map((key: { public_key: string }) => key.public_key);
}

async function tokenOf(m: Merchant, keyId: string) {
  const response = await m.call('GET', `/v1/license-keys/${keyId}/token`);
  expect(response.status).toBe(200);
  return response.body as { token: string; expires_at: string; key_version: number };
}

test("a granted key's token verifies offline with the organization's listed keys, with or without a token", async () => {
  const m = await merchant();
  const key = await licenseKey(m);
  expect((await m.call('GET', '/v1/license-key-signing-keys/')).body).toEqual({
    items: [],
    pagination: { total_count: 0, max_page: 0 },
  });

  const before = Math.floor(Date.now() / 1000);
  const issued = await tokenOf(m, key.id);
  expect(issued.key_version).toBe(1);

  const list = await m.call('GET', '/v1/license-key-signing-keys/');
  expect(list.body.pagination).toEqual({ total_count: 1, max_page: 1 });
  const [signingKey] = list.body.items;
  expect(signingKey).toMatchObject({
    version: 1,
    algorithm: 'Ed25519',
    retired_at: null,
    public_key_jwk: { kty: 'OKP', crv: 'Ed25519', kid: '1' },
  });
  expect(signingKey.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  const unauthenticated = await h.request('GET', `/v1/organizations/${m.id}/license-public-keys`);
  expect(unauthenticated.status).toBe(200);
  expect(unauthenticated.body).toEqual(list.body);

  const claims = verifyLicenseToken(issued.token, m.id, [signingKey.public_key]);
  expect(claims).toEqual({
    v: 1,
    kid: 1,
    org: m.id,
    benefit: key.benefitId,
    customer: key.customerId,
    license_key: key.id,
    iat: expect.any(Number),
    exp: claims!.iat + TTL, // the key never expires: the token lifetime caps it
    limit_activations: 3,
  });
  expect(claims!.iat).toBeGreaterThanOrEqual(before);
  expect(issued.expires_at).toBe(new Date(claims!.exp * 1000).toISOString());
  // The same token fails when expired, tampered with, or checked for another organization.
  expect(verifyLicenseToken(issued.token, m.id, [signingKey.public_key], claims!.exp * 1000)).toBeNull();
  const [, signature] = issued.token.split('.');
  const forged = Buffer.from(JSON.stringify({ ...claims, limit_activations: 1000 })).toString('base64url');
  expect(verifyLicenseToken(`${forged}.${signature}`, m.id, [signingKey.public_key])).toBeNull();
  expect(verifyLicenseToken(issued.token, randomUUID(), [signingKey.public_key])).toBeNull();

  // The private key is stored sealed.
  const [row] = await h.env.production.orm.em.fork().find(LicenseSigningKey, { organizationId: m.id });
  expect(row.sealedPrivateKey).not.toContain('PRIVATE KEY');
});

test("another organization's token fails this organization's keys, and its keys fail this one's tokens", async () => {
  const [ours, theirs] = [await merchant(), await merchant()];
  const [ourToken, theirToken] = [
    (await tokenOf(ours, (await licenseKey(ours)).id)).token,
    (await tokenOf(theirs, (await licenseKey(theirs)).id)).token,
  ];
  const [ourKeys, theirKeys] = [await publicKeys(ours), await publicKeys(theirs)];
  expect(verifyLicenseToken(ourToken, ours.id, ourKeys)).not.toBeNull();
  expect(verifyLicenseToken(theirToken, ours.id, ourKeys)).toBeNull();
  expect(verifyLicenseToken(ourToken, ours.id, theirKeys)).toBeNull();
  // Even given every key, a token names its organization.
  expect(verifyLicenseToken(theirToken, ours.id, [...ourKeys, ...theirKeys])).toBeNull();
  // Nor can one organization fetch a token for the other's key.
  const theirKey = await licenseKey(theirs);
  expect((await ours.call('GET', `/v1/license-keys/${theirKey.id}/token`)).status).toBe(404);
});

test('a key expiring before the token lifetime gives its expiry to the token', async () => {
  const m = await merchant();
  const expiresAt = new Date(Date.now() + 600_000 + 700);
  const key = await licenseKey(m, { expiresAt });
  const issued = await tokenOf(m, key.id);
  expect(issued.expires_at).toBe(new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString());
  const keys = await publicKeys(m);
  expect(verifyLicenseToken(issued.token, m.id, keys)).not.toBeNull();
  expect(verifyLicenseToken(issued.token, m.id, keys, expiresAt.getTime())).toBeNull();
});

test('revoked, disabled and expired keys get no token; unknown ids, bad ids and missing scopes are refused', async () => {
  const m = await merchant();
  for (const change of [
    { status: 'revoked' as const },
    { status: 'disabled' as const },
    { expiresAt: new Date(Date.now() - 1000) },
  ]) {
    const key = await licenseKey(m, change);
    const refused = await m.call('GET', `/v1/license-keys/${key.id}/token`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('NotPermitted');
    expect(refused.body.detail).toMatch(change.status ? new RegExp(`is ${change.status}`) : /expired/);
  }
  expect((await m.call('GET', `/v1/license-keys/${randomUUID()}/token`)).status).toBe(404);
  expect((await m.call('GET', '/v1/license-keys/not-a-uuid/token')).status).toBe(422);
  expect((await h.request('GET', `/v1/organizations/not-a-uuid/license-public-keys`)).status).toBe(422);
  expect((await h.request('GET', `/v1/organizations/${randomUUID()}/license-public-keys`)).body.items).toEqual([]);

  const key = await licenseKey(m);
  const reader = await h.organization(['license_keys:read']);
  const other = await h.organization(['benefits:read']);
  expect((await h.request('GET', `/v1/license-keys/${key.id}/token`, { token: other.token })).status).toBe(403);
  expect((await h.request('POST', '/v1/license-key-signing-keys/rotate', { token: reader.token })).status).toBe(403);
  expect((await h.request('GET', '/v1/license-key-signing-keys/', { token: reader.token })).status).toBe(200);
});

test('rotation: old tokens keep verifying with the retired key until their lifetime has passed; new tokens carry the new version', async () => {
  const m = await merchant();
  const key = await licenseKey(m);
  const old = await tokenOf(m, key.id);
  const [v1] = await publicKeys(m);

  const rotated = await m.call('POST', '/v1/license-key-signing-keys/rotate');
  expect(rotated.status).toBe(201);
  expect(rotated.body).toMatchObject({ version: 2, retired_at: null });
  const list = await m.call('GET', '/v1/license-key-signing-keys/');
  expect(
    list.body.items.map((k: { version: number; retired_at: string | null }) => [k.version, k.retired_at === null]),
  ).toEqual([
    [2, true],
    [1, false],
  ]);

  const fresh = await tokenOf(m, key.id);
  expect(fresh.key_version).toBe(2);
  const keys = await publicKeys(m);
  expect(verifyLicenseToken(old.token, m.id, keys)).toMatchObject({ kid: 1 });
  expect(verifyLicenseToken(fresh.token, m.id, keys)).toMatchObject({ kid: 2 });
  expect(verifyLicenseToken(old.token, m.id, [rotated.body.public_key])).toBeNull();
  expect(verifyLicenseToken(fresh.token, m.id, [v1])).toBeNull();

  // Once a token lifetime has passed since the retirement, every token of v1 has expired: it is no longer listed.
  await inTransaction(h.env.production.orm, async ({ em }) => {
    await em.nativeUpdate(
      LicenseSigningKey,
      { organizationId: m.id, version: 1 },
      { retiredAt: new Date(Date.now() - TTL * 1000 - 1000) },
    );
  });
  expect(await publicKeys(m)).toEqual([rotated.body.public_key]);
});

test('concurrent first tokens make one signing key; concurrent rotations never leave two current keys', async () => {
  const m = await merchant();
  const keys = await Promise.all([1, 2, 3].map(() => licenseKey(m)));
  const issued = await Promise.all([...keys, ...keys].map((key) => tokenOf(m, key.id)));
  expect(issued.map((t) => t.key_version)).toEqual(issued.map(() => 1));
  expect(await publicKeys(m)).toHaveLength(1);

  const rotations = await Promise.all([1, 2, 3].map(() => m.call('POST', '/v1/license-key-signing-keys/rotate')));
  expect(rotations.map((r) => r.status)).toEqual([201, 201, 201]);
  expect(rotations.map((r) => r.body.version).sort()).toEqual([2, 3, 4]);
  const list = (await m.call('GET', '/v1/license-key-signing-keys/')).body.items;
  expect(
    list.filter((k: { retired_at: string | null }) => k.retired_at === null).map((k: { version: number }) => k.version),
  ).toEqual([4]);
});

test('an app holding only its key refreshes its token without a token of the organization', async () => {
  const m = await merchant();
  const key = await licenseKey(m);
  const fetched = await h.request('POST', '/v1/customer-portal/license-keys/token', {
    json: { key: key.key, organization_id: m.id },
  });
  expect(fetched.status).toBe(200);
  expect(verifyLicenseToken(fetched.body.token, m.id, await publicKeys(m))).toMatchObject({
    license_key: key.id,
    org: m.id,
  });

  const other = await merchant();
  const elsewhere = await h.request('POST', '/v1/customer-portal/license-keys/token', {
    json: { key: key.key, organization_id: other.id },
  });
  expect(elsewhere.status).toBe(404);
  const revoked = await licenseKey(m, { status: 'revoked' });
  const refused = await h.request('POST', '/v1/customer-portal/license-keys/token', {
    json: { key: revoked.key, organization_id: m.id },
  });
  expect(refused.status).toBe(403);
});
