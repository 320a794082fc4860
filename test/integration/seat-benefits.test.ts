// Benefits per seat, end to end with a real worker: a seat-based subscription's claimed seats grant each member the
// product's benefits on the billing customer's account — their own license key, their own downloads, the feature flag
// (meter credits stay the buyer's, once) — shown with member_id in grants, keys, webhooks and the customer state;
// revoking a seat revokes that member's grants (key refused, download closed); revoking the subscription revokes all.
import { randomUUID } from 'node:crypto';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { upload } from '../support/upload';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
let call: Call;
let organizationId: string;
let token: string;
let receiver: Receiver;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', RATE_LIMIT_LICENSE_KEY_PER_SECOND: '100000' });
  await h.startWorker('sandbox');
  const org = await h.organization(
    [
      ...SUBSCRIPTION_SCOPES,
      'benefits:read',
      'benefits:write',
      'license_keys:read',
      'license_keys:write',
      'files:read',
      'files:write',
      'meters:read',
      'meters:write',
      'customer_seats:read',
      'customer_seats:write',
      'customer_sessions:write',
    ],
    'sandbox',
  );
  organizationId = org.id;
  token = org.token;
  const headers = { 'Polar-Version': '2026-10' };
  call = (method, path, json) => h.request(method, path, { token, environment: 'sandbox', json, headers });
  receiver = await startReceiver();
  expect(
    (
      await call('POST', '/v1/webhooks/endpoints', {
        url: receiver.url,
        format: 'raw',
        events: ['benefit_grant.created', 'benefit_grant.revoked'],
      })
    ).status,
  ).toBe(201);
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

async function created(path: string, json: unknown) {
  const response = await call('POST', path, json);
  expect(response.status).toBe(201);
  return response.body;
}

/** A seat-based plan granting a license key, a file, a feature flag and meter credits. */
async function teamPlan() {
  const uploaded = await upload(h, token, Buffer.from('team manual'), { environment: 'sandbox', name: 'team.pdf' });
  expect(uploaded.status).toBe(200);
  const meter = await created('/v1/meters/', {
    name: 'Seat calls',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.call' }] },
    aggregation: { func: 'count' },
  });
  const benefits = {
    key: await created('/v1/benefits/', {
      type: 'license_keys',
      description: 'Team key',
      properties: { prefix: 'TEAM' },
    }),
    file: await created('/v1/benefits/', {
      type: 'downloadables',
      description: 'Team manual',
      properties: { files: [uploaded.body.id] },
    }),
    flag: await created('/v1/benefits/', {
      type: 'feature_flag',
      description: 'Team features',
      properties: {},
      metadata: { tier: 'team' },
    }),
    credits: await created('/v1/benefits/', {
      type: 'meter_credit',
      description: 'Team calls',
      properties: { meter_id: meter.id, units: 100, rollover: false },
    }),
  };
  const product = await created('/v1/products/', {
    name: `Team ${randomUUID().slice(0, 8)}`,
    recurring_interval: 'month',
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: { seat_tier_type: 'volume', tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 800 }] },
      },
    ],
  });
  const ids = Object.values(benefits).map((b) => b.id);
  expect((await call('POST', `/v1/products/${product.id}/benefits`, { benefits: ids })).status).toBe(200);
  return { productId: product.id as string, benefits };
}

const grantsOf = async (customerId: string, granted: boolean) =>
  (await call('GET', `/v1/benefit-grants/?customer_id=${customerId}&is_granted=${granted}&limit=100`)).body.items;
const keysOf = async (benefitId: string) =>
  (await call('GET', `/v1/license-keys/?benefit_id=${benefitId}&limit=100`)).body.items;
const validate = (key: string) =>
  h.request('POST', '/v1/customer-portal/license-keys/validate', {
    environment: 'sandbox',
    json: { key, organization_id: organizationId },
  });
const assign = async (subscriptionId: string, email: string) => {
  const response = await call('POST', '/v1/customer-seats', {
    subscription_id: subscriptionId,
    email,
    immediate_claim: true,
  });
  expect(response.status).toBe(200);
  const seat = response.body;
  expect(seat).toMatchObject({ status: 'claimed', member_id: expect.any(String) });
  return seat as { id: string; member_id: string; email: string };
};
const revokedEvents = (memberId: string) =>
  receiver.received.filter((r) => r.json.type === 'benefit_grant.revoked' && r.json.data.member_id === memberId);

test('each claimed seat grants its member their own key, downloads and flag; a revoked seat or subscription takes them back', async () => {
  const { productId, benefits } = await teamPlan();
  const { subscription } = await subscribe(h, call, { product: productId, seats: 3, start: '2026-03-01T00:00:00Z' });
  const customerId = subscription.customer_id as string;
  await eventually(async () => (await grantsOf(customerId, true)).length === 4, 30_000);

  const tag = randomUUID().slice(0, 8);
  const ada = await assign(subscription.id, `ada-${tag}@example.com`);
  const bob = await assign(subscription.id, `bob-${tag}@example.com`);

  // The buyer's four grants, and three per member: no meter credits per seat.
  const grants = await eventually(async () => {
    const items = await grantsOf(customerId, true);
    return items.length === 10 && items;
  }, 30_000);
  for (const member of [ada, bob]) {
    const own = grants.filter((g: any) => g.member_id === member.member_id);
    expect(own.map((g: any) => g.benefit_id).sort()).toEqual(
      [benefits.key.id, benefits.file.id, benefits.flag.id].sort(),
    );
    for (const g of own)
      expect(g).toMatchObject({
        customer_id: customerId,
        subscription_id: subscription.id,
        member: { id: member.member_id, customer_id: customerId, email: member.email, role: 'member' },
      });
  }
  expect(grants.filter((g: any) => g.member_id === null)).toHaveLength(4);
  expect(grants.filter((g: any) => g.benefit_id === benefits.credits.id).map((g: any) => g.member_id)).toEqual([null]);
  const ofBenefit = (
    await call('GET', `/v1/benefits/${benefits.key.id}/grants?member_id=${ada.member_id}`)
  ).body.items.map((g: any) => g.member_id);
  expect(ofBenefit).toEqual([ada.member_id]);
  const bobs = (await call('GET', `/v1/benefit-grants/?member_id=${bob.member_id}`)).body.items;
  expect(bobs.map((g: any) => g.member_id)).toEqual([bob.member_id, bob.member_id, bob.member_id]);

  // Three distinct keys, each naming its holder, each validating.
  const keys = await keysOf(benefits.key.id);
  expect(keys.map((k: any) => k.member_id).sort()).toEqual([ada.member_id, bob.member_id, null].sort());
  expect(new Set(keys.map((k: any) => k.key)).size).toBe(3);
  for (const key of keys) {
    expect(key).toMatchObject({ customer_id: customerId, status: 'granted' });
    expect(key.key).toMatch(/^TEAM-/);
    expect((await validate(key.key)).status).toBe(200);
  }
  const adaKey = keys.find((k: any) => k.member_id === ada.member_id);
  expect(adaKey.member).toEqual({ id: ada.member_id, email: ada.email, external_id: null });
  const bobKey = keys.find((k: any) => k.member_id === bob.member_id);

  // The customer state lists every member's grants, downloads as each member's own signed links.
  const state = (await call('GET', `/v1/customers/${customerId}/state`)).body;
  const inState = (memberId: string | null) =>
    state.granted_benefits.filter((g: any) => g.member_id === memberId).map((g: any) => g.benefit_type);
  expect(inState(ada.member_id).sort()).toEqual(['downloadables', 'feature_flag', 'license_keys']);
  expect(inState(bob.member_id).sort()).toEqual(['downloadables', 'feature_flag', 'license_keys']);
  expect(inState(null).sort()).toEqual(['downloadables', 'feature_flag', 'license_keys', 'meter_credit']);
  const flag = state.granted_benefits.find(
    (g: any) => g.member_id === ada.member_id && g.benefit_type === 'feature_flag',
  );
  expect(flag.benefit_metadata).toEqual({ tier: 'team' });
  const adaDownload = state.granted_benefits.find(
    (g: any) => g.member_id === ada.member_id && g.benefit_type === 'downloadables',
  ).properties.downloads[0];
  const open = (url: string) => fetch(url, { redirect: 'manual' }).then((r) => r.status);
  expect(await open(adaDownload.url)).toBe(307);

  // Ada's seat revoked: her grants only, with benefit_grant.revoked naming her; her key refused, her link closed.
  expect((await call('DELETE', `/v1/customer-seats/${ada.id}`)).status).toBe(200);
  await eventually(async () => revokedEvents(ada.member_id).length === 3, 30_000);
  for (const event of revokedEvents(ada.member_id))
    expect(event.json.data).toMatchObject({
      customer_id: customerId,
      member_id: ada.member_id,
      member: { id: ada.member_id, email: ada.email },
      is_revoked: true,
    });
  expect((await call('GET', `/v1/license-keys/${adaKey.id}`)).body.status).toBe('revoked');
  expect((await validate(adaKey.key)).status).toBe(404);
  expect(await open(adaDownload.url)).toBe(404);
  expect((await validate(bobKey.key)).status).toBe(200);
  expect((await grantsOf(customerId, true)).length).toBe(7);

  // The subscription revoked: the buyer's and Bob's grants go too.
  expect((await call('DELETE', `/v1/subscriptions/${subscription.id}`)).status).toBe(200);
  await eventually(async () => (await grantsOf(customerId, true)).length === 0, 30_000);
  await eventually(async () => revokedEvents(bob.member_id).length === 3, 30_000); // delivered after the commit
  expect((await validate(bobKey.key)).status).toBe(404);
  const after = (await call('GET', `/v1/customers/${customerId}/state`)).body;
  expect(after.granted_benefits).toEqual([]);
}, 180_000);

test("a product's benefit change reaches its claimed seats' members through the fan-out", async () => {
  const { productId, benefits } = await teamPlan();
  const { subscription } = await subscribe(h, call, { product: productId, seats: 2, start: '2026-04-01T00:00:00Z' });
  const customerId = subscription.customer_id as string;
  const cleo = await assign(subscription.id, `cleo-${randomUUID().slice(0, 8)}@example.com`);
  await eventually(async () => (await grantsOf(customerId, true)).length === 7, 30_000);
  const note = await created('/v1/benefits/', {
    type: 'custom',
    description: 'Onboarding',
    properties: { note: 'Hi' },
  });
  const all = [...Object.values(benefits).map((b) => b.id), note.id];
  expect((await call('POST', `/v1/products/${productId}/benefits`, { benefits: all })).status).toBe(200);
  const holdersOfNote = async () =>
    (await grantsOf(customerId, true)).filter((g: any) => g.benefit_id === note.id).map((g: any) => g.member_id);
  await eventually(async () => (await holdersOfNote()).length === 2, 30_000);
  expect((await holdersOfNote()).sort()).toEqual([cleo.member_id, null].sort());

  const without = all.filter((id) => id !== benefits.key.id);
  expect((await call('POST', `/v1/products/${productId}/benefits`, { benefits: without })).status).toBe(200);
  await eventually(async () => (await keysOf(benefits.key.id)).every((k: any) => k.status === 'revoked'), 30_000);
  expect((await keysOf(benefits.key.id)).map((k: any) => k.member_id).sort()).toEqual([cleo.member_id, null].sort());
}, 120_000);

/** A portal session for the customer (its owner) or one of its members, and a caller with it. */
async function portalOf(customerId: string, memberId?: string) {
  const session = await created('/v1/customer-sessions/', { customer_id: customerId, member_id: memberId });
  const headers = { 'Polar-Version': '2026-10' };
  return async (method: 'GET' | 'POST', path: string) => {
    const response = await h.request(method, `/v1/customer-portal${path}`, {
      token: session.token,
      environment: 'sandbox',
      headers,
    });
    return response;
  };
}

test('in the portal a member sees only their own grants, keys and downloads; the owner sees the whole account', async () => {
  const { productId, benefits } = await teamPlan();
  const { subscription } = await subscribe(h, call, { product: productId, seats: 2, start: '2026-05-01T00:00:00Z' });
  const customerId = subscription.customer_id as string;
  const tag = randomUUID().slice(0, 8);
  const dana = await assign(subscription.id, `dana-${tag}@example.com`);
  const eli = await assign(subscription.id, `eli-${tag}@example.com`);
  await eventually(async () => (await grantsOf(customerId, true)).length === 10, 30_000);
  const owner = await portalOf(customerId);
  const asDana = await portalOf(customerId, dana.member_id);
  const items = async (portal: typeof owner, path: string) => {
    const response = await portal('GET', path);
    expect(response.status).toBe(200);
    return response.body.items as any[];
  };

  // The owner: every grant, key and download of the account, and a member's on asking.
  expect(await items(owner, '/benefit-grants/?limit=100')).toHaveLength(10);
  const ownerKeys = await items(owner, '/license-keys/?limit=100');
  expect(ownerKeys.map((k) => k.member_id).sort()).toEqual([dana.member_id, eli.member_id, null].sort());
  expect(await items(owner, '/downloadables/?limit=100')).toHaveLength(3);
  const elisGrants = await items(owner, `/benefit-grants/?limit=100&member_id=${eli.member_id}`);
  expect(elisGrants.map((g) => g.member_id)).toEqual([eli.member_id, eli.member_id, eli.member_id]);

  // Dana: her own three grants, her key (naming her), her download — nothing of Eli's or the buyer's.
  const danasGrants = await items(asDana, '/benefit-grants/?limit=100');
  expect(danasGrants.map((g) => g.benefit_id).sort()).toEqual(
    [benefits.key.id, benefits.file.id, benefits.flag.id].sort(),
  );
  expect(danasGrants.every((g) => g.member_id === dana.member_id)).toBe(true);
  const danasKeys = await items(asDana, '/license-keys/?limit=100');
  expect(danasKeys).toHaveLength(1);
  expect(danasKeys[0]).toMatchObject({ member_id: dana.member_id, member: { id: dana.member_id, external_id: null } });
  expect(await items(asDana, '/downloadables/?limit=100')).toHaveLength(1);
  // The account shown with them holds back its billing from a plain member, as `customers/me` does.
  const billing = { billing_name: null, billing_address: null, tax_id: null, default_payment_method_id: null };
  for (const shown of [danasGrants[0].customer, danasKeys[0].customer]) expect(shown).toMatchObject(billing);
  expect((await items(owner, '/license-keys/?limit=100'))[0].customer.billing_address).not.toBeNull();
  expect((await asDana('GET', `/license-keys/${danasKeys[0].id}`)).status).toBe(200);
  const elisKey = ownerKeys.find((k) => k.member_id === eli.member_id);
  expect((await asDana('GET', `/license-keys/${elisKey.id}`)).status).toBe(404);
  expect((await asDana('POST', `/license-keys/${elisKey.id}/rotate`)).status).toBe(404);
  expect((await asDana('GET', `/benefit-grants/${elisGrants[0].id}`)).status).toBe(404);
  expect((await owner('GET', `/benefit-grants/${elisGrants[0].id}`)).status).toBe(200);
}, 120_000);
