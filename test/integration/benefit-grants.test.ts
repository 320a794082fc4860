// Benefits delivered and taken back through real flows (sandbox, real worker): a one-time purchase grants a license
// key, a download, a feature flag, a custom note and meter credits, and a refund with revoke_benefits takes them all
// back; a product's benefits changing reaches every holder; a deleted benefit is revoked; a worker lost mid-grant
// still gives one grant and one key.
import { crashOnce } from '../support/crash';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { recordHistory } from '../support/record-history';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { upload } from '../support/upload';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { purchase } from '../support/purchases';

let h: TestHarness;
const receivers: Receiver[] = [];
const crashes: string[] = [];

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', RATE_LIMIT_LICENSE_KEY_PER_SECOND: '100000' });
  await h.startWorker('sandbox', (real) => ({
    ...real,
    syncBenefitGrant: crashOnce(crashes, 'syncBenefitGrant', real.syncBenefitGrant),
  }));
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await h.close();
});

const SCOPES = [
  ...SUBSCRIPTION_SCOPES,
  'refunds:write',
  'refunds:read',
  'benefits:read',
  'benefits:write',
  'license_keys:read',
  'license_keys:write',
  'files:read',
  'files:write',
  'meters:read',
  'meters:write',
] as const;

interface Merchant {
  organizationId: string;
  token: string;
  call: Call;
}

async function merchant(): Promise<Merchant> {
  const org = await h.organization([...SCOPES], 'sandbox');
  return {
    organizationId: org.id,
    token: org.token,
    call: (method, path, json, headers) =>
      h.request(method, path, { token: org.token, environment: 'sandbox', json, headers }),
  };
}

async function created(m: Merchant, path: string, json: unknown) {
  const response = await m.call('POST', path, json);
  expect(response.status).toBe(201);
  return response.body;
}

/** Every kind of benefit Bursar grants, attached to a one-time product. */
async function catalog(m: Merchant) {
  const data = Buffer.from('the whole manual, page after page');
  const uploaded = await upload(h, m.token, data, { environment: 'sandbox', name: 'manual.pdf' });
  expect(uploaded.status).toBe(200);
  const meter = await created(m, '/v1/meters/', {
    name: 'API calls',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.call' }] },
    aggregation: { func: 'count' },
  });
  const key = await created(m, '/v1/benefits/', {
    type: 'license_keys',
    description: 'Desktop licence',
    properties: {
      prefix: 'acme',
      expires: { ttl: 1, timeframe: 'year' },
      activations: { limit: 2, enable_customer_admin: true },
      limit_usage: 10,
    },
  });
  const file = await created(m, '/v1/benefits/', {
    type: 'downloadables',
    description: 'The manual',
    properties: { files: [uploaded.body.id] },
  });
  const flag = await created(m, '/v1/benefits/', {
    type: 'feature_flag',
    description: 'Pro features',
    properties: {},
    metadata: { tier: 'pro' },
  });
  const note = await created(m, '/v1/benefits/', {
    type: 'custom',
    description: 'Welcome call',
    properties: { note: 'Book at acme.example/call' },
  });
  const credits = await created(m, '/v1/benefits/', {
    type: 'meter_credit',
    description: 'Included calls',
    properties: { meter_id: meter.id, units: 500, rollover: false },
  });
  const product = await created(m, '/v1/products/', {
    name: 'Acme Desktop',
    prices: [{ amount_type: 'fixed', price_amount: 11_900 }],
  });
  const attached = await m.call('POST', `/v1/products/${product.id}/benefits`, {
    benefits: [key.id, file.id, flag.id, note.id, credits.id],
  });
  expect(attached.status).toBe(200);
  return { product, key, file, flag, note, credits, meter, data };
}

async function buy(m: Merchant, productId: string) {
  return purchase(
    h,
    m.call,
    { products: [productId], customer_billing_address: { country: 'DE' } },
    { timeoutMs: 30_000 },
  );
}

const grantsOf = async (m: Merchant, customerId: string) =>
  (await m.call('GET', `/v1/benefit-grants/?customer_id=${customerId}&limit=100`)).body.items as any[];
const grantedCount = async (m: Merchant, customerId: string) =>
  (await grantsOf(m, customerId)).filter((g) => g.is_granted).length;
const validate = (organizationId: string, key: string) =>
  h.request('POST', '/v1/customer-portal/license-keys/validate', {
    environment: 'sandbox',
    json: { key, organization_id: organizationId },
  });

test('a one-time purchase grants every benefit once (a worker lost mid-grant included), and a refund with revoke_benefits takes them back', async () => {
  const m = await merchant();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const endpoint = await m.call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['benefit_grant.created', 'benefit_grant.revoked', 'customer.state_changed'],
  });
  expect(endpoint.status).toBe(201);
  const { product, key, file, flag, note, credits, meter, data } = await catalog(m);
  const order = await buy(m, product.id);
  const customerId = order.customer_id;

  // The first sync to finish committed, then its worker was "lost" (the grants are visible from the commit on, a
  // moment before the activity returns, so both are waited for): Temporal retried it.
  await eventually(async () => crashes.length === 1 && (await grantedCount(m, customerId)) === 5, 30_000);
  expect(crashes).toEqual(['syncBenefitGrant']);
  const grants = await grantsOf(m, customerId);
  expect(grants).toHaveLength(5);
  for (const grant of grants)
    expect(grant).toMatchObject({
      order_id: order.id,
      subscription_id: null,
      customer_id: customerId,
      is_granted: true,
      is_revoked: false,
    });

  // The license key: prefixed, one year from the grant, the benefit's limits.
  const keys = (await m.call('GET', `/v1/license-keys/?benefit_id=${key.id}`)).body.items;
  expect(keys).toHaveLength(1);
  const licence = keys[0];
  expect(licence.key).toMatch(/^ACME-[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
  expect(licence).toMatchObject({
    status: 'granted',
    display_key: `****-${licence.key.slice(-6)}`,
    limit_activations: 2,
    limit_usage: 10,
    usage: 0,
    customer_id: customerId,
  });
  const keyGrant = grants.find((g) => g.benefit_id === key.id);
  expect(keyGrant.properties).toEqual({ license_key_id: licence.id, display_key: licence.display_key });
  expect(new Date(licence.expires_at).getTime() - new Date(keyGrant.granted_at).getTime()).toBeGreaterThanOrEqual(
    365 * 86_400_000,
  );
  expect((await validate(m.organizationId, licence.key)).status).toBe(200);

  // The customer's state: every benefit, the note, the flag's metadata, the credits and a working download link.
  const state = (await m.call('GET', `/v1/customers/${customerId}/state`)).body;
  const byBenefit = new Map<string, any>(state.granted_benefits.map((g: any) => [g.benefit_id, g]));
  expect(byBenefit.get(flag.id)).toMatchObject({ benefit_type: 'feature_flag', benefit_metadata: { tier: 'pro' } });
  expect(byBenefit.get(note.id).properties.note).toBe('Book at acme.example/call');
  expect(byBenefit.get(credits.id).properties).toMatchObject({
    last_credited_meter_id: meter.id,
    last_credited_units: 500,
  });
  expect(state.active_meters).toEqual([
    expect.objectContaining({ meter_id: meter.id, credited_units: 500, consumed_units: 0, balance: 500 }),
  ]);
  const [download] = byBenefit.get(file.id).properties.downloads;
  expect(download).toMatchObject({ file_id: file.properties.files[0], name: 'manual.pdf' });
  const opened = await fetch(download.url, { redirect: 'manual' });
  expect(opened.status).toBe(307);
  expect(Buffer.from(await (await fetch(opened.headers.get('location')!)).arrayBuffer())).toEqual(data);
  expect(
    (
      await fetch(
        download.url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')),
        { redirect: 'manual' },
      )
    ).status,
  ).toBe(400);

  // A full refund that asks for it revokes everything: the key no longer validates, the link no longer opens.
  const refund = await m.call('POST', '/v1/refunds/', {
    order_id: order.id,
    reason: 'customer_request',
    amount: order.net_amount,
    revoke_benefits: true,
  });
  expect(refund.status).toBe(201);
  await eventually(async () => (await grantedCount(m, customerId)) === 0, 30_000);
  expect((await grantsOf(m, customerId)).every((g) => g.is_revoked && g.revoked_at)).toBe(true);
  expect((await m.call('GET', `/v1/license-keys/${licence.id}`)).body.status).toBe('revoked');
  expect((await validate(m.organizationId, licence.key)).status).toBe(404);
  expect((await fetch(download.url, { redirect: 'manual' })).status).toBe(404);
  const after = (await m.call('GET', `/v1/customers/${customerId}/state`)).body;
  expect(after.granted_benefits).toEqual([]);
  expect(after.active_meters).toEqual([expect.objectContaining({ meter_id: meter.id, credited_units: 0, balance: 0 })]);

  // Exactly one grant and one key per benefit, whatever was retried; the webhooks for each change.
  const [rows] = await h.env.sandbox.orm.em
    .fork()
    .execute(
      `select (select count(*) from benefit_grant where order_id = ?) as grants, (select count(*) from license_key where customer_id = ?) as keys`,
      [order.id, customerId],
    );
  expect(rows).toEqual({ grants: '5', keys: '1' });
  await eventually(async () => {
    const types = receiver.received.map((r) => r.json.type);
    return (
      types.filter((t) => t === 'benefit_grant.created').length === 5 &&
      types.filter((t) => t === 'benefit_grant.revoked').length === 5 &&
      types.includes('customer.state_changed')
    );
  }, 30_000);
  const revoked = receiver.received.find(
    (r) => r.json.type === 'benefit_grant.revoked' && r.json.data.benefit_id === key.id,
  )!;
  expect(revoked.json.data).toMatchObject({
    is_revoked: true,
    previous_properties: { license_key_id: licence.id },
    benefit: { id: key.id },
    customer: { id: customerId },
  });
  await recordHistory(h.env.sandbox, `grant:${key.id}:${customerId}:${order.id}`, 'benefit-grant-granted-then-revoked');
}, 120_000);

test("a product's benefits changing reaches every holder; a deleted benefit is revoked; grants list by benefit", async () => {
  const m = await merchant();
  const product = await created(m, '/v1/products/', {
    name: 'Course',
    prices: [{ amount_type: 'fixed', price_amount: 5_000 }],
  });
  const flag = await created(m, '/v1/benefits/', { type: 'feature_flag', description: 'Early access', properties: {} });
  const note = await created(m, '/v1/benefits/', {
    type: 'custom',
    description: 'Office hours',
    properties: { note: 'Fridays' },
  });
  await m.call('POST', `/v1/products/${product.id}/benefits`, { benefits: [flag.id] });
  const orders = [await buy(m, product.id), await buy(m, product.id)];
  const holders = orders.map((o) => o.customer_id);
  for (const customerId of holders) await eventually(async () => (await grantedCount(m, customerId)) === 1, 30_000);

  // Swap the flag for the note: both holders lose one and gain the other.
  expect((await m.call('POST', `/v1/products/${product.id}/benefits`, { benefits: [note.id] })).status).toBe(200);
  for (const customerId of holders) {
    await eventually(async () => {
      const grants = await grantsOf(m, customerId);
      return (
        grants.find((g) => g.benefit_id === note.id)?.is_granted &&
        grants.find((g) => g.benefit_id === flag.id)?.is_revoked
      );
    }, 30_000);
  }
  const [fanOut] = await h.env.sandbox.orm.em
    .fork()
    .execute<{ id: string }[]>(
      `select payload->>'workflowId' as id from outbox_message where organization_id = ? and payload->>'workflowType' = 'benefitGrantFanOut' order by created_at desc limit 1`,
      [m.organizationId],
    );
  expect(await h.env.sandbox.temporal.workflow.getHandle(fanOut.id).result()).toBe(4); // 2 holders × (1 added + 1 removed)
  await recordHistory(h.env.sandbox, fanOut.id, 'benefit-grant-fan-out-product', { finished: true });
  const ofNote = (await m.call('GET', `/v1/benefits/${note.id}/grants?is_granted=true`)).body;
  expect(ofNote.items.map((g: any) => g.customer_id).sort()).toEqual([...holders].sort());
  expect((await m.call('GET', `/v1/benefits/${flag.id}/grants?is_granted=false`)).body.pagination.total_count).toBe(2);

  // Deleting the benefit revokes it for both.
  expect((await m.call('DELETE', `/v1/benefits/${note.id}`)).status).toBe(204);
  for (const customerId of holders) await eventually(async () => (await grantedCount(m, customerId)) === 0, 30_000);
}, 120_000);

test('deleting a customer revokes every grant they hold and keeps their orders', async () => {
  const m = await merchant();
  const key = await created(m, '/v1/benefits/', { type: 'license_keys', description: 'Site licence', properties: {} });
  const flag = await created(m, '/v1/benefits/', { type: 'feature_flag', description: 'Beta builds', properties: {} });
  const product = await created(m, '/v1/products/', {
    name: 'Site kit',
    prices: [{ amount_type: 'fixed', price_amount: 4_900 }],
  });
  await m.call('POST', `/v1/products/${product.id}/benefits`, { benefits: [key.id, flag.id] });
  const order = await buy(m, product.id);
  await eventually(async () => (await grantedCount(m, order.customer_id)) === 2, 30_000);
  const [licence] = (await m.call('GET', `/v1/license-keys/?benefit_id=${key.id}`)).body.items;

  expect((await m.call('DELETE', `/v1/customers/${order.customer_id}`)).status).toBe(204);
  await eventually(async () => (await grantedCount(m, order.customer_id)) === 0, 30_000);
  expect((await m.call('GET', `/v1/license-keys/${licence.id}`)).body.status).toBe('revoked');
  expect((await validate(m.organizationId, licence.key)).status).toBe(404);
  expect((await m.call('GET', `/v1/orders/${order.id}`)).body).toMatchObject({ id: order.id, status: 'paid' });
  expect((await m.call('GET', `/v1/customers/${order.customer_id}/state`)).status).toBe(404);
}, 60_000);
