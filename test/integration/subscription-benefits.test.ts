// Benefits that follow a subscription on a test clock: granted while trialing or active, credited again each paid
// period, kept through cancel-at-period-end until the end (and for good after an uncancel), revoked when dunning
// gives up — and a revoked key no longer validates.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import {
  advance,
  getSubscription,
  setCardOutcome,
  subscribe,
  SUBSCRIPTION_SCOPES,
  type Call,
} from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
let call: Call;
let organizationId: string;
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
      'meters:write',
    ],
    'sandbox',
  );
  organizationId = org.id;
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  receiver = await startReceiver();
  await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['benefit_grant.created', 'benefit_grant.cycled', 'benefit_grant.revoked'],
  });
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

/** A monthly plan granting a license key (with an expiry that subscriptions ignore) and 100 API-call credits. */
async function plan(options: { trialDays?: number } = {}) {
  const meter = (
    await call('POST', '/v1/meters/', {
      name: 'API calls',
      filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.call' }] },
      aggregation: { func: 'count' },
    })
  ).body;
  const key = (
    await call('POST', '/v1/benefits/', {
      type: 'license_keys',
      description: 'Pro licence',
      properties: { prefix: 'PRO', expires: { ttl: 3, timeframe: 'day' } },
    })
  ).body;
  const credits = (
    await call('POST', '/v1/benefits/', {
      type: 'meter_credit',
      description: 'Monthly calls',
      properties: { meter_id: meter.id, units: 100, rollover: false },
    })
  ).body;
  const product = (
    await call('POST', '/v1/products/', {
      name: 'Pro',
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: 2_000 }],
      ...(options.trialDays && { trial_interval: 'day', trial_interval_count: options.trialDays }),
    })
  ).body;
  expect((await call('POST', `/v1/products/${product.id}/benefits`, { benefits: [key.id, credits.id] })).status).toBe(
    200,
  );
  return { productId: product.id as string, keyBenefitId: key.id as string, creditsBenefitId: credits.id as string };
}

/** The customer's key once granted. */
const keyOf = (customerId: string, benefitId: string) =>
  eventually(
    async () =>
      (await call('GET', `/v1/license-keys/?benefit_id=${benefitId}`)).body.items.find(
        (k: any) => k.customer_id === customerId,
      ),
    30_000,
  );
const keyStatus = async (id: string) => (await call('GET', `/v1/license-keys/${id}`)).body.status;
const validate = (key: string) =>
  h.request('POST', '/v1/customer-portal/license-keys/validate', {
    environment: 'sandbox',
    json: { key, organization_id: organizationId },
  });
const eventsFor = (grantBenefitId: string, customerId: string) =>
  receiver.received
    .filter((r) => r.json.data.benefit_id === grantBenefitId && r.json.data.customer_id === customerId)
    .map((r) => r.json.type);

test('granted while trialing, credited anew each paid renewal (what is left of the last period withdrawn first); keys of subscriptions never expire', async () => {
  const { productId, keyBenefitId, creditsBenefitId } = await plan({ trialDays: 7 });
  const { clockId, subscription } = await subscribe(h, call, { product: productId, start: '2025-01-01T00:00:00Z' });
  expect(subscription.status).toBe('trialing');
  const key = await keyOf(subscription.customer_id, keyBenefitId);
  expect(key).toMatchObject({ status: 'granted', expires_at: null });
  expect(key.key).toMatch(/^PRO-/);

  await advance(call, clockId, '2025-01-09T00:00:00Z'); // the trial ends: the first payment
  await advance(call, clockId, '2025-02-09T00:00:00Z'); // the first renewal
  const credits = async () =>
    (
      await h.env.sandbox.orm.em
        .fork()
        .execute<{ units: string }[]>('select units from meter_credit where customer_id = ? order by created_at', [
          subscription.customer_id,
        ])
    ).map((r) => Number(r.units));
  await eventually(async () => (await credits()).length === 3, 30_000);
  expect(await credits()).toEqual([100, -100, 100]); // the trial's credits, then the first renewal's (no rollover)
  await eventually(async () => eventsFor(creditsBenefitId, subscription.customer_id).length === 2, 30_000);
  expect(eventsFor(creditsBenefitId, subscription.customer_id)).toEqual([
    'benefit_grant.created',
    'benefit_grant.cycled',
  ]);
  const state = (await call('GET', `/v1/customers/${subscription.customer_id}/state`)).body;
  expect(state.active_meters).toEqual([expect.objectContaining({ credited_units: 100, balance: 100 })]);
  expect(await keyStatus(key.id)).toBe('granted');
}, 120_000);

test('dunning exhausted: the subscription is revoked, so is its key, and validation is refused from then on', async () => {
  const { productId, keyBenefitId } = await plan();
  const { clockId, subscription } = await subscribe(h, call, { product: productId, start: '2025-03-01T00:00:00Z' });
  const key = await keyOf(subscription.customer_id, keyBenefitId);
  expect((await validate(key.key)).status).toBe(200);
  const stateOf = async () => (await call('GET', `/v1/customers/${subscription.customer_id}/state`)).body;
  const granted = await eventually(async () => {
    const state = await stateOf();
    return state.granted_benefits.length === 2 && state;
  }, 30_000);
  expect(granted.active_subscriptions.map((s: any) => s.id)).toEqual([subscription.id]);
  expect(granted.granted_benefits.find((g: any) => g.benefit_id === keyBenefitId).properties).toEqual({
    license_key_id: key.id,
    display_key: key.display_key,
  });
  await setCardOutcome(h, subscription.id, 'insufficient_funds');
  await advance(call, clockId, '2025-04-10T00:00:00Z');
  expect((await getSubscription(call, subscription.id)).status).toBe('past_due');
  expect(await keyStatus(key.id)).toBe('granted'); // dunning is the grace period
  await advance(call, clockId, '2025-04-23T00:00:00Z');
  expect((await getSubscription(call, subscription.id)).status).toBe('canceled');
  await eventually(async () => (await keyStatus(key.id)) === 'revoked', 30_000);
  const refused = await validate(key.key);
  expect(refused.status).toBe(404);
  expect(refused.body.error).toBe('ResourceNotFound');
  const ended = await eventually(async () => {
    const state = await stateOf();
    return state.granted_benefits.length === 0 && state;
  }, 30_000);
  expect(ended).toMatchObject({
    active_subscriptions: [],
    active_meters: [expect.objectContaining({ credited_units: 0, balance: 0 })],
  });
}, 120_000);

test('cancel at period end keeps the key until the end, then revokes it; after an uncancel it stays', async () => {
  const { productId, keyBenefitId } = await plan();
  const canceled = await subscribe(h, call, { product: productId, start: '2025-05-10T00:00:00Z' });
  const uncanceled = await subscribe(h, call, { product: productId, start: '2025-05-10T00:00:00Z' });
  const keys = [
    await keyOf(canceled.subscription.customer_id, keyBenefitId),
    await keyOf(uncanceled.subscription.customer_id, keyBenefitId),
  ];
  for (const { subscription } of [canceled, uncanceled])
    expect((await call('PATCH', `/v1/subscriptions/${subscription.id}`, { cancel_at_period_end: true })).status).toBe(
      200,
    );
  expect(
    (await call('PATCH', `/v1/subscriptions/${uncanceled.subscription.id}`, { cancel_at_period_end: false })).status,
  ).toBe(200);

  await advance(call, canceled.clockId, '2025-06-09T00:00:00Z');
  expect(await keyStatus(keys[0].id)).toBe('granted');
  expect((await validate(keys[0].key)).status).toBe(200);
  await advance(call, canceled.clockId, '2025-06-11T00:00:00Z');
  await advance(call, uncanceled.clockId, '2025-06-11T00:00:00Z');
  await eventually(async () => (await keyStatus(keys[0].id)) === 'revoked', 30_000);
  expect((await validate(keys[0].key)).status).toBe(404);
  // Revoked as of the period's end, though the clock was advanced a day past it.
  const [revokedGrant] = (
    await call('GET', `/v1/benefit-grants/?customer_id=${canceled.subscription.customer_id}&is_granted=false`)
  ).body.items;
  expect(revokedGrant.revoked_at).toBe((await getSubscription(call, canceled.subscription.id)).ended_at);
  expect(revokedGrant.revoked_at).toBe('2025-06-10T00:00:00.000Z');
  expect((await getSubscription(call, uncanceled.subscription.id)).status).toBe('active');
  expect(await keyStatus(keys[1].id)).toBe('granted');
  expect((await validate(keys[1].key)).status).toBe(200);
  // Renewed, not revoked: every granted benefit cycles with a paid period, as the reference does.
  await eventually(async () => eventsFor(keyBenefitId, uncanceled.subscription.customer_id).length === 2, 30_000);
  expect(eventsFor(keyBenefitId, uncanceled.subscription.customer_id)).toEqual([
    'benefit_grant.created',
    'benefit_grant.cycled',
  ]);
}, 120_000);
