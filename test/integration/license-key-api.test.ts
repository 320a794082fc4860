// License keys over HTTP: the merchant's list, read and edit; validate, activate and deactivate from apps (no token)
// and from the merchant's server, with every refusal of the reference (inactive, expired, conditions, limits, other
// organizations); and the public routes' own 3 requests per second.
import { randomUUID } from 'node:crypto';
import { LicenseKeyActivationRead, LicenseKeyWithActivations } from '../../src/contracts/license-key-activation';
import { LicenseKeyList } from '../../src/contracts/license-key-list';
import { LicenseKeyRead } from '../../src/contracts/license-key';
import { ValidatedLicenseKey } from '../../src/contracts/license-key-sources';
import { revokeLicenseKey } from '../../src/domains/benefit/license-key/license-key-grants';
import { inTransaction } from '../../src/platform/database/transaction';
import { eventually, startHarness, type ApiResponse, type TestHarness } from '../support/harness';
import { issueLicenseKey, type IssuedKey } from '../support/license-keys';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Call = (method: string, path: string, json?: unknown) => Promise<ApiResponse<any>>;
interface Merchant {
  id: string;
  call: Call;
}

async function merchant(): Promise<Merchant> {
  const org = await h.organization(['customers:write', 'benefits:write', 'license_keys:read', 'license_keys:write']);
  return { id: org.id, call: (method, path, json) => h.request(method, path, { token: org.token, json }) };
}

/** An app's call, without a token. */
const app = (action: 'validate' | 'activate' | 'deactivate', json: unknown) =>
  h.request('POST', `/v1/customer-portal/license-keys/${action}`, { json });

/** A key as a grant gives it (see test/support/license-keys.ts). */
const issue = (m: Merchant, properties: Record<string, unknown> = {}) => issueLicenseKey(h, m, properties);
type Issued = IssuedKey;

const keyBody = (m: Merchant, { key }: Issued, extra: Record<string, unknown> = {}) => ({
  key: key.key,
  organization_id: m.id,
  ...extra,
});

test('list, read and edit: the customer embedded, filters, and usage untouched unless named', async () => {
  const m = await merchant();
  const first = await issue(m, { prefix: 'acme', limit_usage: 100 });
  const second = await issue(m, { activations: { limit: 2, enable_customer_admin: false } });

  const list = await m.call('GET', '/v1/license-keys/');
  expect(list.status).toBe(200);
  expect(legacy(LicenseKeyList).parse(list.body).pagination).toEqual({ total_count: 2, max_page: 1 });
  const byBenefit = await m.call('GET', `/v1/license-keys/?benefit_id=${first.key.benefitId}`);
  expect(byBenefit.body.items.map((k: LicenseKeyRead) => k.id)).toEqual([first.key.id]);

  const got = await m.call('GET', `/v1/license-keys/${first.key.id}`);
  expect(got.status).toBe(200);
  expect(legacy(LicenseKeyWithActivations).parse(got.body)).toMatchObject({
    id: first.key.id,
    customer_id: first.customerId,
    customer: { id: first.customerId, name: 'Ada', organization_id: m.id },
    status: 'granted',
    limit_usage: 100,
    usage: 0,
    validations: 0,
    activations: [],
  });
  expect(got.body.key).toMatch(/^ACME-[0-9A-F-]{36}$/);
  expect(got.body.display_key).toBe(`****-${got.body.key.slice(-6)}`);
  expect(got.body.customer).not.toHaveProperty('test_clock_id');

  expect((await m.call('PATCH', `/v1/license-keys/${first.key.id}`, { usage: 7 })).body.usage).toBe(7);
  const limited = await m.call('PATCH', `/v1/license-keys/${first.key.id}`, { limit_usage: 50, limit_activations: 3 });
  expect(limited.status).toBe(200);
  expect(legacy(LicenseKeyRead).parse(limited.body)).toMatchObject({ usage: 7, limit_usage: 50, limit_activations: 3 });
  const cleared = await m.call('PATCH', `/v1/license-keys/${first.key.id}`, { limit_usage: null });
  expect(cleared.body).toMatchObject({ usage: 7, limit_usage: null, limit_activations: 3 });
  expect((await m.call('PATCH', `/v1/license-keys/${first.key.id}`, {})).body.usage).toBe(7);
  expect((await m.call('PATCH', `/v1/license-keys/${first.key.id}`, { status: null })).body.status).toBe('granted');

  const disabled = await m.call('PATCH', `/v1/license-keys/${second.key.id}`, { status: 'disabled' });
  expect(disabled.body.status).toBe('disabled');
  const byStatus = await m.call('GET', '/v1/license-keys/?status=disabled');
  expect(byStatus.body.items.map((k: LicenseKeyRead) => k.id)).toEqual([second.key.id]);
  const refused = await app('validate', keyBody(m, second));
  expect(refused.status).toBe(404);
  expect(refused.body).toMatchObject({ error: 'ResourceNotFound', detail: 'License key is no longer active.' });
  expect((await app('activate', keyBody(m, second, { label: 'laptop' }))).status).toBe(403);
  await m.call('PATCH', `/v1/license-keys/${second.key.id}`, { status: 'granted' });
  expect((await app('validate', keyBody(m, second))).status).toBe(200);

  expect((await m.call('PATCH', `/v1/license-keys/${first.key.id}`, { usage: -1 })).status).toBe(422);
  expect((await m.call('PATCH', `/v1/license-keys/${randomUUID()}`, { usage: 1 })).status).toBe(404);
});

test('validate counts validations and usage, up to the usage limit (400 beyond it)', async () => {
  const m = await merchant();
  const issued = await issue(m, { limit_usage: 5 });
  const before = Date.now();
  const ok = await app('validate', keyBody(m, issued, { increment_usage: 3 }));
  expect(ok.status).toBe(200);
  expect(legacy(ValidatedLicenseKey).parse(ok.body)).toMatchObject({
    id: issued.key.id,
    usage: 3,
    validations: 1,
    activation: null,
  });
  expect(Date.parse(ok.body.last_validated_at)).toBeGreaterThanOrEqual(before - 1_000);

  const over = await app('validate', keyBody(m, issued, { increment_usage: 3 }));
  expect(over.status).toBe(400);
  expect(over.body).toMatchObject({ error: 'BadRequest', detail: 'License key only has 2 more usages.' });
  const server = await m.call('POST', '/v1/license-keys/validate', keyBody(m, issued, { increment_usage: 2 }));
  expect(server.status).toBe(200);
  expect(server.body).toMatchObject({ usage: 5, validations: 2 });
  expect((await app('validate', keyBody(m, issued, { increment_usage: 1 }))).body.detail).toBe(
    'License key only has 0 more usages.',
  );
  expect((await app('validate', keyBody(m, issued))).body).toMatchObject({ usage: 5, validations: 3 });
  // a merchant may set usage past the limit: validating without an increment still answers, more usage does not
  expect((await m.call('PATCH', `/v1/license-keys/${issued.key.id}`, { usage: 7 })).status).toBe(200);
  expect((await app('validate', keyBody(m, issued))).body).toMatchObject({ usage: 7, validations: 4 });
  expect((await app('validate', keyBody(m, issued, { increment_usage: 1 }))).body.detail).toBe(
    'License key only has 0 more usages.',
  );

  // without a limit, usage counts up to what its column holds, then it is a 400 too (never a 500)
  const unlimited = await issue(m);
  expect((await app('validate', keyBody(m, unlimited, { increment_usage: 2_147_483_647 }))).body.usage).toBe(
    2_147_483_647,
  );
  expect((await app('validate', keyBody(m, unlimited, { increment_usage: 1 }))).status).toBe(400);
  expect((await app('validate', keyBody(m, unlimited, { increment_usage: 2_147_483_648 }))).status).toBe(422);
});

test('concurrent calls never pass the limits: the key row is locked', async () => {
  const m = await merchant();
  const issued = await issue(m, { limit_usage: 4, activations: { limit: 2, enable_customer_admin: false } });
  const validations = await Promise.all(
    Array.from({ length: 8 }, () => app('validate', keyBody(m, issued, { increment_usage: 1 }))),
  );
  expect(validations.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400]);
  const activations = await Promise.all(
    Array.from({ length: 6 }, (_, i) => app('activate', keyBody(m, issued, { label: `device ${i}` }))),
  );
  expect(activations.filter((r) => r.status === 200)).toHaveLength(2);
  expect(activations.filter((r) => r.status === 403)).toHaveLength(4);
  const after = await m.call('GET', `/v1/license-keys/${issued.key.id}`);
  expect(after.body).toMatchObject({ usage: 4, validations: 4 });
  expect(after.body.activations).toHaveLength(2);
});

test('activations: up to the limit (403 beyond), deactivate (204) frees a place, and none without a limit', async () => {
  const m = await merchant();
  const issued = await issue(m, { activations: { limit: 2, enable_customer_admin: false } });
  const laptop = await app('activate', keyBody(m, issued, { label: 'laptop', meta: { os: 'linux' } }));
  expect(laptop.status).toBe(200);
  expect(legacy(LicenseKeyActivationRead).parse(laptop.body)).toMatchObject({
    label: 'laptop',
    meta: { os: 'linux' },
    license_key: { id: issued.key.id },
  });
  const desktop = await m.call('POST', '/v1/license-keys/activate', keyBody(m, issued, { label: 'desktop' }));
  expect(desktop.status).toBe(200);
  const third = await app('activate', keyBody(m, issued, { label: 'phone' }));
  expect(third.status).toBe(403);
  expect(third.body).toMatchObject({ error: 'NotPermitted', detail: 'License key activation limit already reached.' });

  const read = await m.call('GET', `/v1/license-keys/${issued.key.id}/activations/${laptop.body.id}`);
  expect(read.status).toBe(200);
  expect(read.body).toMatchObject({ id: laptop.body.id, label: 'laptop', license_key: { id: issued.key.id } });

  const gone = await app('deactivate', keyBody(m, issued, { activation_id: laptop.body.id }));
  expect(gone.status).toBe(204);
  expect(gone.body).toBeUndefined();
  expect((await app('deactivate', keyBody(m, issued, { activation_id: laptop.body.id }))).status).toBe(404);
  expect((await m.call('GET', `/v1/license-keys/${issued.key.id}/activations/${laptop.body.id}`)).status).toBe(404);
  expect((await app('validate', keyBody(m, issued, { activation_id: laptop.body.id }))).status).toBe(404);
  const listed = await m.call('GET', `/v1/license-keys/${issued.key.id}`);
  expect(listed.body.activations.map((a: { id: string }) => a.id)).toEqual([desktop.body.id]);
  expect((await app('activate', keyBody(m, issued, { label: 'phone' }))).status).toBe(200);

  const unlimited = await issue(m);
  const unsupported = await app('activate', keyBody(m, unlimited, { label: 'laptop' }));
  expect(unsupported.status).toBe(403);
  expect(unsupported.body.detail).toMatch(/does not support activations\. Use the \/validate endpoint/);
});

test('the server route honours X-Idempotency-Key: repeats of one activation, even at once, are answered as the first and take one place', async () => {
  const org = await h.organization(['customers:write', 'benefits:write', 'license_keys:read', 'license_keys:write']);
  const m: Merchant = { id: org.id, call: (method, path, json) => h.request(method, path, { token: org.token, json }) };
  const issued = await issue(m, { activations: { limit: 3, enable_customer_admin: false } });
  const activate = () =>
    h.request('POST', '/v1/license-keys/activate', {
      token: org.token,
      json: keyBody(m, issued, { label: 'laptop' }),
      headers: { 'x-idempotency-key': 'activate-once' },
    });
  const answers = await Promise.all(Array.from({ length: 10 }, activate));
  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
  expect((await m.call('GET', `/v1/license-keys/${issued.key.id}`)).body.activations).toHaveLength(1);
});

test('validate with an activation: its conditions, the benefit and the customer must match', async () => {
  const m = await merchant();
  const issued = await issue(m, { activations: { limit: 3, enable_customer_admin: false } });
  const activation = await app(
    'activate',
    keyBody(m, issued, { label: 'server', conditions: { host: 'build-1', cores: 8 } }),
  );
  const withActivation = (extra: Record<string, unknown>) =>
    app('validate', keyBody(m, issued, { activation_id: activation.body.id, ...extra }));

  const ids = { benefit_id: issued.key.benefitId.toUpperCase(), customer_id: issued.customerId.toUpperCase() }; // ids match in any case
  const ok = await withActivation({ conditions: { cores: 8, host: 'build-1' }, ...ids });
  expect(ok.status).toBe(200);
  expect(ok.body.activation).toMatchObject({ id: activation.body.id, label: 'server', license_key_id: issued.key.id });
  // the counted key as the API shows it (one statement counts and reads it): as the list shows it right after
  const { activation: shownActivation, ...shownKey } = ok.body;
  const listed = await m.call('GET', `/v1/license-keys/?benefit_id=${issued.key.benefitId}`);
  expect(shownKey).toEqual(listed.body.items.find((key: { id: string }) => key.id === issued.key.id));
  const { license_key: _key, ...readActivation } = (
    await m.call('GET', `/v1/license-keys/${issued.key.id}/activations/${activation.body.id}`)
  ).body;
  expect(shownActivation).toEqual(readActivation);
  for (const conditions of [{ host: 'build-2', cores: 8 }, { host: 'build-1' }, {}, { host: 'build-1', cores: '8' }]) {
    const refused = await withActivation({ conditions });
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe('License key does not match required conditions.');
  }
  expect((await withActivation({ conditions: { host: 'build-1', cores: 8 }, benefit_id: randomUUID() })).status).toBe(
    404,
  );
  expect((await withActivation({ conditions: { host: 'build-1', cores: 8 }, customer_id: randomUUID() })).status).toBe(
    404,
  );
  expect((await app('validate', keyBody(m, issued, { activation_id: randomUUID() }))).status).toBe(404);
  const counted = await m.call('GET', `/v1/license-keys/${issued.key.id}`);
  expect(counted.body.validations).toBe(1);
});

test('validate reads timestamps rendered in UTC, whatever the server time zone: the last representable expiry too', async () => {
  const [{ zone }] = await h.env.production.orm.em
    .fork()
    .execute<{ zone: string }[]>(`select current_setting('TimeZone') as zone`);
  expect(zone).toBe('UTC'); // a session in Europe/Berlin would render 9999-12-31T23:30Z in the year 10000, which no Date parses
  const m = await merchant();
  const issued = await issue(m);
  const expiresAt = '9999-12-31T23:30:00.000Z';
  expect((await m.call('PATCH', `/v1/license-keys/${issued.key.id}`, { expires_at: expiresAt })).status).toBe(200);
  expect((await app('validate', keyBody(m, issued))).body).toMatchObject({ expires_at: expiresAt, validations: 1 });
});

test('expired and revoked keys are refused: 404 to validate, 403 to activate', async () => {
  const m = await merchant();
  const expiring = await issue(m, { activations: { limit: 1, enable_customer_admin: false } });
  const past = new Date(Date.now() - 60_000).toISOString();
  expect((await m.call('PATCH', `/v1/license-keys/${expiring.key.id}`, { expires_at: past })).status).toBe(200);
  const expired = await app('validate', keyBody(m, expiring));
  expect(expired.status).toBe(404);
  expect(expired.body.detail).toBe('License key has expired.');
  const notActivated = await app('activate', keyBody(m, expiring, { label: 'laptop' }));
  expect(notActivated.status).toBe(403);
  expect(notActivated.body.detail).toBe('License key has expired.');
  expect(
    (await m.call('PATCH', `/v1/license-keys/${expiring.key.id}`, { expires_at: null })).body.expires_at,
  ).toBeNull();
  expect((await app('validate', keyBody(m, expiring))).status).toBe(200);

  const revoked = await issue(m, { activations: { limit: 1, enable_customer_admin: false } });
  await inTransaction(h.env.production.orm, (tx) => revokeLicenseKey(tx, revoked.grantId, new Date()));
  const refused = await app('validate', keyBody(m, revoked));
  expect(refused.status).toBe(404);
  expect(refused.body.detail).toBe('License key is no longer active.');
  expect((await m.call('POST', '/v1/license-keys/validate', keyBody(m, revoked))).status).toBe(404);
  expect((await app('activate', keyBody(m, revoked, { label: 'laptop' }))).status).toBe(403);
  expect((await m.call('GET', `/v1/license-keys/${revoked.key.id}`)).body.status).toBe('revoked');
});

test("another organization's key is not found, on the server routes and the public ones", async () => {
  const owner = await merchant();
  const stranger = await merchant();
  const issued = await issue(owner, { activations: { limit: 2, enable_customer_admin: false } });
  const activation = await app('activate', keyBody(owner, issued, { label: 'laptop' }));
  expect(activation.status).toBe(200);

  expect((await stranger.call('GET', `/v1/license-keys/${issued.key.id}`)).status).toBe(404);
  expect((await stranger.call('PATCH', `/v1/license-keys/${issued.key.id}`, { status: 'revoked' })).status).toBe(404);
  expect(
    (await stranger.call('GET', `/v1/license-keys/${issued.key.id}/activations/${activation.body.id}`)).status,
  ).toBe(404);
  expect((await stranger.call('GET', '/v1/license-keys/')).body.items).toEqual([]);
  for (const action of ['validate', 'activate', 'deactivate'] as const) {
    const body = keyBody(stranger, issued, { label: 'x', activation_id: activation.body.id });
    const server = await stranger.call('POST', `/v1/license-keys/${action}`, body);
    expect(server.status).toBe(404);
    expect(server.body.error).toBe('ResourceNotFound');
    expect((await app(action, body)).status).toBe(404);
    // naming the owner's organization with the stranger's token is refused before any lookup
    expect(
      (
        await stranger.call(
          'POST',
          `/v1/license-keys/${action}`,
          keyBody(owner, issued, { label: 'x', activation_id: activation.body.id }),
        )
      ).status,
    ).toBe(422);
  }
  const untouched = await owner.call('GET', `/v1/license-keys/${issued.key.id}`);
  expect(untouched.body).toMatchObject({ status: 'granted', validations: 0 });
  expect(untouched.body.activations).toHaveLength(1);
});

test('the public routes allow 3 requests per second per client IP (429 with Retry-After); the server routes are not counted', async () => {
  const limited = await startHarness({ RATE_LIMIT_LICENSE_KEY_PER_SECOND: '3' });
  try {
    const org = await limited.organization(['license_keys:write']);
    const body = { key: 'NO-SUCH-KEY', organization_id: org.id, activation_id: randomUUID(), label: 'x' };
    const server = await Promise.all(
      Array.from({ length: 5 }, () =>
        limited.request('POST', '/v1/license-keys/validate', { token: org.token, json: body }),
      ),
    );
    expect(server.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    const actions = ['validate', 'activate', 'deactivate', 'validate', 'activate'];
    const answers = await Promise.all(
      actions.map((action) => limited.request('POST', `/v1/customer-portal/license-keys/${action}`, { json: body })),
    );
    expect(answers.filter((r) => r.status === 404)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0].body).toMatchObject({ error: 'TooManyRequests', status: 429 });
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The budget is a one-second window: once it has passed, the client is answered again (asking meanwhile, refused,
    // does not extend it).
    const validate = () => limited.request('POST', '/v1/customer-portal/license-keys/validate', { json: body });
    const again = await eventually(
      async () => {
        const answer = await validate();
        return answer.status !== 429 && answer;
      },
      10_000,
      { what: 'the public license-key budget of 127.0.0.1 to refill (an answer other than 429)' },
    );
    expect(again.status).toBe(404);
  } finally {
    await limited.close();
  }
});
