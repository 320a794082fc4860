// License-key rotation over real HTTP in the sandbox, the key granted by a real purchase on a real worker: the
// merchant and the key's holder (the portal) rotate it; the old key string then answers validate and activate as an
// unknown key, the new one keeps its activations, usage, limits and expiry and its grant shows the new display key
// (benefit_grant.updated); a revoked key is refused (400 RotateNotPermitted), another customer's key is not found.
import { randomUUID } from 'node:crypto';
import { RotatedLicenseKey } from '../../src/contracts/license-key';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let call: Call;
let receiver: Receiver;
let organizationId: string;
let productId: string;
let benefitId: string;

const SCOPES = [
  ...SUBSCRIPTION_SCOPES,
  'benefits:write',
  'license_keys:read',
  'license_keys:write',
  'customer_sessions:write',
] as const;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  const org = await h.organization([...SCOPES], 'sandbox');
  organizationId = org.id;
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  receiver = await startReceiver();
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['benefit_grant.updated'],
  });
  expect(endpoint.status).toBe(201);
  const benefit = await call('POST', '/v1/benefits/', {
    type: 'license_keys',
    description: 'Desktop licence',
    properties: { prefix: 'acme', limit_usage: 10, activations: { limit: 3, enable_customer_admin: true } },
  });
  const product = await call('POST', '/v1/products/', {
    name: 'Acme Desktop',
    prices: [{ amount_type: 'fixed', price_amount: 4_900 }],
  });
  [benefitId, productId] = [benefit.body.id, product.body.id];
  expect((await call('POST', `/v1/products/${productId}/benefits`, { benefits: [benefitId] })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await h.close();
});

/** A buyer of the product, their key once granted, and a portal session of theirs. */
async function buyer() {
  const order = await purchase(h, call, { products: [productId], customer_billing_address: { country: 'DE' } });
  const key = await eventually(
    async () =>
      (await call('GET', `/v1/license-keys/?benefit_id=${benefitId}&limit=100`)).body.items.find(
        (k: any) => k.customer_id === order.customer_id,
      ),
    30_000,
  );
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: order.customer_id });
  expect(session.status).toBe(201);
  const portal = (method: string, path: string) =>
    h.request(method, `/v1/customer-portal${path}`, { token: session.body.token, environment: 'sandbox' });
  return { key, portal, customerId: order.customer_id as string };
}

const app = (action: 'validate' | 'activate', json: Record<string, unknown>) =>
  h.request('POST', `/v1/customer-portal/license-keys/${action}`, {
    environment: 'sandbox',
    json: { organization_id: organizationId, ...json },
  });

test('the merchant rotates: the old string is unknown, the new one keeps everything, benefit_grant.updated', async () => {
  const { key } = await buyer();
  const activated = await app('activate', { key: key.key, label: 'laptop' });
  expect(activated.status).toBe(200);
  expect((await app('validate', { key: key.key, increment_usage: 2 })).status).toBe(200);

  const rotated = await call('POST', `/v1/license-keys/${key.id}/rotate`);
  expect(rotated.status).toBe(200);
  const body = legacy(RotatedLicenseKey).parse(rotated.body);
  expect(body.key).toMatch(/^ACME-[0-9A-F-]{36}$/);
  expect(body.key).not.toBe(key.key);
  expect(body).toMatchObject({
    id: key.id,
    status: 'granted',
    usage: 2,
    limit_usage: 10,
    limit_activations: 3,
    validations: 1,
    expires_at: key.expires_at,
    display_key: `****-${body.key.slice(-6)}`,
  });

  // The old string answers exactly as a string never issued.
  const unknown = await app('validate', { key: `ACME-${randomUUID().toUpperCase()}` });
  for (const action of ['validate', 'activate'] as const) {
    const old = await app(action, { key: key.key, label: 'desktop' });
    expect(old.status).toBe(404);
    expect(old.body.detail).toBe(unknown.body.detail);
  }
  // The new one validates with the activation made under the old one, and the usage left is what it was.
  const validated = await app('validate', { key: body.key, activation_id: activated.body.id, increment_usage: 8 });
  expect(validated.status).toBe(200);
  expect(validated.body).toMatchObject({ usage: 10, activation: { id: activated.body.id, label: 'laptop' } });
  const read = await call('GET', `/v1/license-keys/${key.id}`);
  expect(read.body.activations.map((a: any) => a.id)).toEqual([activated.body.id]);

  const updated = await eventually(async () =>
    receiver.received.find(
      (r) => r.json.type === 'benefit_grant.updated' && r.json.data.customer_id === key.customer_id,
    ),
  );
  expect(updated.json.data.properties).toEqual({ license_key_id: key.id, display_key: body.display_key });
  expect(updated.json.data.previous_properties).toEqual({ license_key_id: key.id, display_key: key.display_key });
}, 60_000);

test('the holder rotates in the portal; another customer cannot; a revoked key is refused, a disabled one kept', async () => {
  const ada = await buyer();
  const grace = await buyer();
  expect((await grace.portal('POST', `/license-keys/${ada.key.id}/rotate`)).status).toBe(404);

  const rotated = await ada.portal('POST', `/license-keys/${ada.key.id}/rotate`);
  expect(rotated.status).toBe(200);
  expect(rotated.body).toMatchObject({ id: ada.key.id, customer_id: ada.customerId, status: 'granted' });
  expect(rotated.body.key).not.toBe(ada.key.key);
  expect(rotated.body.customer.external_id).toBeNull();
  expect((await app('validate', { key: rotated.body.key })).status).toBe(200);
  expect((await app('validate', { key: ada.key.key })).status).toBe(404);

  // Disabled by the merchant: rotating keeps it disabled (the new string does not validate either).
  expect((await call('PATCH', `/v1/license-keys/${ada.key.id}`, { status: 'disabled' })).status).toBe(200);
  const disabled = await call('POST', `/v1/license-keys/${ada.key.id}/rotate`);
  expect(disabled.status).toBe(200);
  expect(disabled.body.status).toBe('disabled');
  expect((await app('validate', { key: disabled.body.key })).body.detail).toBe('License key is no longer active.');

  expect((await call('PATCH', `/v1/license-keys/${ada.key.id}`, { status: 'revoked' })).status).toBe(200);
  for (const refused of [
    await call('POST', `/v1/license-keys/${ada.key.id}/rotate`),
    await ada.portal('POST', `/license-keys/${ada.key.id}/rotate`),
  ]) {
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'RotateNotPermitted',
      detail: 'A revoked license key cannot be rotated.',
    });
  }
  expect((await call('GET', `/v1/license-keys/${ada.key.id}`)).body.key).toBe(disabled.body.key); // nothing written

  // 2026-04 clients get the key without the member fields 2026-10 added.
  const dated = await call('POST', `/v1/license-keys/${grace.key.id}/rotate`, undefined, {
    'polar-version': '2026-04',
  });
  expect(dated.status).toBe(200);
  expect(dated.body).not.toHaveProperty('member_id');
  const current = await call('POST', `/v1/license-keys/${grace.key.id}/rotate`, undefined, {
    'polar-version': '2026-10',
  });
  expect(current.body).toMatchObject({ member_id: null, member: null });
  expect(current.body.key).not.toBe(dated.body.key);
}, 60_000);
