// Pause and resume through the HTTP API on test clocks: a pause at the period's end or now (ours), months with no
// order, a resume now or on its date starting a new period charged in full (a pause now credits its unused time on
// that order), benefits revoked or kept as the organization says, the portal allowed or refused by its setting, the
// webhooks a receiver gets, the workflow's view of the paused time, and the refusals of illegal pauses.
import { upcomingQuery } from '../../workflows/definitions';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { recordHistory } from '../support/record-history';
import {
  advance,
  chargesFor,
  getSubscription,
  ordersOf,
  setCardOutcome,
  subscribe,
  SUBSCRIPTION_SCOPES,
  type Call,
} from '../support/subscriptions';
import { startReceiver, verifies, type Receiver } from '../support/webhook-receiver';

jest.setTimeout(180_000);

let h: TestHarness;
let receiver: Receiver;
const EVENTS = ['subscription.updated', 'subscription.paused', 'subscription.resumed', 'subscription.cycled'];

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

/** A sandbox organization with its settings, a webhook endpoint for the subscription events, and a plan with a benefit. */
async function merchant(settings: Record<string, unknown> = {}) {
  const org = await h.organization(
    [
      ...SUBSCRIPTION_SCOPES,
      'organizations:write',
      'benefits:write',
      'benefits:read',
      'customer_sessions:write',
      'meters:write',
      'events:write',
    ],
    'sandbox',
  );
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  if (Object.keys(settings).length)
    expect((await call('PATCH', `/v1/organizations/${org.id}`, settings)).status).toBe(200);
  const endpoint = await call('POST', '/v1/webhooks/endpoints', { url: receiver.url, format: 'raw', events: EVENTS });
  expect(endpoint.status).toBe(201);
  return { id: org.id, call, secret: endpoint.body.secret as string };
}

async function plan(call: Call, amount: number) {
  const benefit = await call('POST', '/v1/benefits/', {
    type: 'custom',
    description: 'Members area',
    properties: { note: 'Welcome' },
  });
  expect(benefit.status).toBe(201);
  const product = await call('POST', '/v1/products/', {
    name: `Plan ${amount}`,
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: amount }],
  });
  expect((await call('POST', `/v1/products/${product.body.id}/benefits`, { benefits: [benefit.body.id] })).status).toBe(
    200,
  );
  return product.body.id as string;
}

const granted = async (call: Call, customerId: string) =>
  (await call('GET', `/v1/benefit-grants/?customer_id=${customerId}&is_granted=true`)).body.items.length;
const upcoming = (id: string) => h.env.sandbox.temporal.workflow.getHandle(`subscription:${id}`).query(upcomingQuery);
/** The webhooks of `type` about the subscription, each checked as signed with the endpoint's secret. */
const received = (secret: string, id: string, type: string) =>
  receiver.received.filter((r) => r.json.type === type && r.json.data.id === id && verifies(secret, r));
const patch = (call: Call, id: string, body: unknown) => call('PATCH', `/v1/subscriptions/${id}`, body);

test('pause at period end: paused when the period ends, two months with no order, resumed now with a new period charged in full; webhooks received', async () => {
  const shop = await merchant();
  const productId = await plan(shop.call, 1_000);
  const { clockId, subscription } = await subscribe(h, shop.call, {
    product: productId,
    start: '2025-01-10T00:00:00Z',
  });
  const customerId = subscription.customer_id;
  await eventually(async () => (await granted(shop.call, customerId)) === 1, 30_000);

  const pausing = await patch(shop.call, subscription.id, { pause_at_period_end: true });
  expect(pausing.status).toBe(200);
  expect(pausing.body).toMatchObject({
    status: 'active',
    pause_at_period_end: true,
    paused_at: null,
    resumes_at: null,
  });
  expect(await upcoming(subscription.id)).toEqual({
    status: 'active',
    next: { action: 'pause', at: '2025-02-10T00:00:00.000Z' },
    renewals: [],
    paused: { since: null, until: null },
  });

  await advance(shop.call, clockId, '2025-02-10T00:00:00Z'); // the period ends: paused, not renewed
  const paused = await getSubscription(shop.call, subscription.id);
  expect(paused).toMatchObject({
    status: 'paused',
    pause_at_period_end: false,
    paused_at: '2025-02-10T00:00:00.000Z',
    current_period_end: '2025-02-10T00:00:00.000Z',
  });
  await eventually(async () => (await granted(shop.call, customerId)) === 0, 30_000); // revoked (the default)
  await advance(shop.call, clockId, '2025-03-11T00:00:00Z');
  await advance(shop.call, clockId, '2025-04-12T00:00:00Z');
  expect(await ordersOf(shop.call, customerId)).toHaveLength(1); // two months paused: no order
  expect((await getSubscription(shop.call, subscription.id)).status).toBe('paused');
  expect(await upcoming(subscription.id)).toEqual({
    status: 'paused',
    next: { action: 'none', at: null },
    renewals: [],
    paused: { since: '2025-02-10T00:00:00.000Z', until: null },
  });
  // The operator's view: the status as a search attribute, the paused time in the current details.
  const flow = h.env.sandbox.temporal.workflow.getHandle(`subscription:${subscription.id}`);
  expect((await flow.describe()).searchAttributes.SubscriptionStatus).toEqual(['paused']);
  const metadata = await flow.query<{ currentDetails?: string }>('__temporal_workflow_metadata');
  expect(metadata.currentDetails).toContain('paused since 2025-02-10T00:00:00.000Z until resumed');

  const resumed = await patch(shop.call, subscription.id, { resume: true });
  expect(resumed.status).toBe(200);
  // A new period from the resume date, its day the new anchor; charged in full (a pause at period end owes no credit).
  expect(resumed.body).toMatchObject({
    status: 'active',
    paused_at: null,
    resumes_at: null,
    current_period_start: '2025-04-12T00:00:00.000Z',
    current_period_end: '2025-05-12T00:00:00.000Z',
  });
  const orders = await ordersOf(shop.call, customerId);
  expect(orders).toHaveLength(2);
  // Prices include German VAT here: the total is the price.
  expect(orders[1]).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', total_amount: 1_000 });
  expect(orders[1].items.map((i: any) => [i.label, i.amount])).toEqual([
    ['Plan 1000 — From 2025-04-12 to 2025-05-12', 1_000],
  ]);
  await eventually(async () => (await granted(shop.call, customerId)) === 1, 30_000); // granted again
  // The run that began paused (the pause continued as new), with the resume's Update and renewal.
  await recordHistory(
    h.env.sandbox,
    `subscription:${subscription.id}`,
    'subscription-paused-at-period-end-resumed-now',
  );

  await advance(shop.call, clockId, '2025-05-12T00:00:00Z'); // renews on the new anchor day
  expect(await ordersOf(shop.call, customerId)).toHaveLength(3);
  expect((await getSubscription(shop.call, subscription.id)).current_period_end).toBe('2025-06-12T00:00:00.000Z');

  await eventually(async () => received(shop.secret, subscription.id, 'subscription.resumed').length === 1, 30_000);
  const [pausedEvent] = received(shop.secret, subscription.id, 'subscription.paused');
  expect(pausedEvent.json.data).toMatchObject({ status: 'paused', paused_at: '2025-02-10T00:00:00.000Z' });
  expect(received(shop.secret, subscription.id, 'subscription.resumed')[0].json.data).toMatchObject({
    status: 'active',
    paused_at: null,
  });
  const updates = received(shop.secret, subscription.id, 'subscription.updated').map((r) => r.json.data.status);
  expect(updates).toEqual(expect.arrayContaining(['paused', 'active']));
});

test('pause now (ours) credits the unused time on the resume order and resumes by itself on its date; benefits kept where the organization keeps them', async () => {
  const shop = await merchant({ subscription_settings: { keep_benefits_while_paused: true } });
  const own = await shop.call('GET', `/v1/organizations/${shop.id}`);
  expect(own.body.subscription_settings.keep_benefits_while_paused).toBe(true);
  const productId = await plan(shop.call, 3_000);
  const { clockId, subscription } = await subscribe(h, shop.call, {
    product: productId,
    start: '2025-01-01T00:00:00Z',
  });
  const customerId = subscription.customer_id;
  await eventually(async () => (await granted(shop.call, customerId)) === 1, 30_000);

  await advance(shop.call, clockId, '2025-01-11T00:00:00Z'); // 10 of January's 31 days used
  const early = await patch(shop.call, subscription.id, { pause_now: true, resumes_at: '2025-01-10T00:00:00Z' });
  expect(early.status).toBe(422); // a resume date before the pause
  expect(early.body.detail[0].loc).toEqual(['body', 'resumes_at']);
  const paused = await patch(shop.call, subscription.id, { pause_now: true, resumes_at: '2025-03-20T00:00:00Z' });
  expect(paused.status).toBe(200);
  expect(paused.body).toMatchObject({
    status: 'paused',
    paused_at: '2025-01-11T00:00:00.000Z',
    current_period_end: '2025-01-11T00:00:00.000Z',
    resumes_at: '2025-03-20T00:00:00.000Z',
  });
  expect(await upcoming(subscription.id)).toMatchObject({
    status: 'paused',
    next: { action: 'resume', at: '2025-03-20T00:00:00.000Z' },
    renewals: ['2025-03-20T00:00:00.000Z', '2025-04-20T00:00:00.000Z', '2025-05-20T00:00:00.000Z'],
    paused: { since: '2025-01-11T00:00:00.000Z', until: '2025-03-20T00:00:00.000Z' },
  });

  await advance(shop.call, clockId, '2025-02-15T00:00:00Z');
  await advance(shop.call, clockId, '2025-03-19T00:00:00Z');
  expect(await ordersOf(shop.call, customerId)).toHaveLength(1);
  expect(await granted(shop.call, customerId)).toBe(1); // kept while paused
  await recordHistory(h.env.sandbox, `subscription:${subscription.id}`, 'subscription-paused-now-until-a-date');

  await advance(shop.call, clockId, '2025-03-20T00:00:00Z'); // the resume date
  expect(await getSubscription(shop.call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_start: '2025-03-20T00:00:00.000Z',
    current_period_end: '2025-04-20T00:00:00.000Z',
  });
  const orders = await ordersOf(shop.call, customerId);
  expect(orders).toHaveLength(2);
  // 3000 × 21/31 = 2032.26 → 2032 credited for January 11 to February 1, never discounted.
  expect(orders[1].items.map((i: any) => [i.label, i.amount])).toEqual([
    ['Plan 3000 — From 2025-03-20 to 2025-04-20', 3_000],
    ['Unused time before the pause on 2025-01-11', -2_032],
  ]);
  expect(orders[1]).toMatchObject({ status: 'paid', subtotal_amount: 968, total_amount: 968 });
  await eventually(async () => received(shop.secret, subscription.id, 'subscription.resumed').length === 1, 30_000);
  expect(received(shop.secret, subscription.id, 'subscription.paused')).toHaveLength(1);
});

test('the portal pauses and resumes where the organization allows it; resumes_at alone sets when a paused one resumes', async () => {
  const shop = await merchant();
  const productId = await plan(shop.call, 1_500);
  const { clockId, subscription } = await subscribe(h, shop.call, {
    product: productId,
    start: '2025-06-05T00:00:00Z',
  });
  const session = await shop.call('POST', '/v1/customer-sessions/', { customer_id: subscription.customer_id });
  const portal: Call = (method, path, json) =>
    h.request(method, `/v1/customer-portal${path}`, { token: session.body.token, environment: 'sandbox', json });
  const portalPatch = (body: unknown) => portal('PATCH', `/subscriptions/${subscription.id}`, body);

  const refused = await portalPatch({ pause_at_period_end: true });
  expect(refused.status).toBe(403); // the default: customers may not pause
  expect((await portalPatch({ resume: true })).status).toBe(403);
  const allowed = await shop.call('PATCH', `/v1/organizations/${shop.id}`, {
    customer_portal_settings: { subscription: { pause: true } },
  });
  expect(allowed.body.customer_portal_settings.subscription.pause).toBe(true);
  const shown = await portal('GET', `/organizations/${allowed.body.slug}`);
  expect(shown.body.organization.customer_portal_settings.subscription.pause).toBe(true);

  expect((await portalPatch({ pause_at_period_end: true })).body).toMatchObject({ pause_at_period_end: true });
  expect((await portalPatch({ pause_at_period_end: false })).body).toMatchObject({ pause_at_period_end: false });
  expect((await portalPatch({ pause_at_period_end: true })).status).toBe(200);
  await advance(shop.call, clockId, '2025-07-05T00:00:00Z');
  expect((await getSubscription(shop.call, subscription.id)).status).toBe('paused');

  const dated = await patch(shop.call, subscription.id, { resumes_at: '2025-08-20T00:00:00Z' });
  expect(dated.status).toBe(200);
  expect(dated.body).toMatchObject({ status: 'paused', resumes_at: '2025-08-20T00:00:00.000Z' });
  await advance(shop.call, clockId, '2025-08-20T00:00:00Z');
  expect(await getSubscription(shop.call, subscription.id)).toMatchObject({
    status: 'active',
    current_period_start: '2025-08-20T00:00:00.000Z',
    current_period_end: '2025-09-20T00:00:00.000Z',
  });

  expect((await portalPatch({ pause_at_period_end: true })).status).toBe(200);
  await advance(shop.call, clockId, '2025-09-20T00:00:00Z');
  const resumed = await portalPatch({ resume: true });
  expect(resumed.status).toBe(200);
  expect(resumed.body).toMatchObject({ status: 'active', current_period_start: '2025-09-20T00:00:00.000Z' });
  expect((await ordersOf(shop.call, subscription.customer_id)).map((o) => o.total_amount)).toEqual([
    1_500, 1_500, 1_500,
  ]);
  expect((await portalPatch({ resume: true })).status).toBe(403); // not paused any more
});

test('illegal pauses and resumes are refused with a 4xx and change nothing', async () => {
  const shop = await merchant();
  const call = shop.call;
  const trial = await subscribe(h, call, { price: 900, trialDays: 7, start: '2025-02-01T00:00:00Z' });
  const trialing = await patch(call, trial.subscription.id, { pause_at_period_end: true });
  expect(trialing.status).toBe(403);
  expect(trialing.body.error).toBe('PauseResumeNotAllowed');

  const { subscription } = await subscribe(h, call, { price: 900, start: '2025-02-01T00:00:00Z' });
  const id = subscription.id;
  expect((await patch(call, id, { resume: true })).status).toBe(403); // not paused
  expect((await patch(call, id, { resumes_at: '2025-04-01T00:00:00Z' })).status).toBe(403); // not pausing
  expect((await patch(call, id, { pause_at_period_end: false })).status).toBe(400); // no pause to cancel
  const both = await patch(call, id, { pause_at_period_end: true, cancel_at_period_end: true });
  expect(both.status).toBe(422);
  expect((await patch(call, id, { pause_at_period_end: true, pause_now: true })).status).toBe(422);
  const before = await patch(call, id, { pause_at_period_end: true, resumes_at: '2025-02-20T00:00:00Z' });
  expect(before.status).toBe(422); // must resume after the period's end
  expect((await getSubscription(call, id)).pause_at_period_end).toBe(false);

  expect((await patch(call, id, { pause_at_period_end: true })).status).toBe(200);
  expect((await patch(call, id, { pause_at_period_end: true })).status).toBe(403); // already pausing
  expect((await patch(call, id, { cancel_at_period_end: true })).status).toBe(403); // pausing: not canceled
  expect((await patch(call, id, { pause_now: true })).status).toBe(200); // a pause now replaces it
  expect((await patch(call, id, { pause_now: true })).status).toBe(403); // already paused
  const sameInstant = await patch(call, id, { resume: true }); // the clock has not moved since the period began
  expect(sameInstant.status).toBe(403);
  expect(sameInstant.body.error).toBe('PauseResumeNotAllowed');
  expect((await patch(call, id, { seats: 2 })).status).toBe(403); // a paused one is not changed
  expect((await patch(call, id, { revoke: true })).body.status).toBe('canceled');
  const ended = await patch(call, id, { pause_now: true });
  expect(ended.status).toBe(403);
  expect(ended.body.error).toBe('AlreadyCanceledSubscription');

  // Past due: no pause while payment is retried (no dunning while paused).
  const late = await subscribe(h, call, { price: 900, start: '2025-02-01T00:00:00Z' });
  await setCardOutcome(h, late.subscription.id, 'insufficient_funds');
  await advance(call, late.clockId, '2025-03-01T00:00:00Z');
  expect((await getSubscription(call, late.subscription.id)).status).toBe('past_due');
  expect((await patch(call, late.subscription.id, { pause_now: true })).status).toBe(403);
});

test('metered usage not billed before the pause (its last period and any reported while paused) is billed on the resume order', async () => {
  const shop = await merchant();
  const meter = await shop.call('POST', '/v1/meters/', {
    name: 'API calls',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.call' }] },
    aggregation: { func: 'sum', property: 'units' },
  });
  const product = await shop.call('POST', '/v1/products/', {
    name: 'Metered',
    recurring_interval: 'month',
    prices: [
      { amount_type: 'fixed', price_amount: 1_000 },
      { amount_type: 'metered_unit', meter_id: meter.body.id, unit_amount: '2' },
    ],
  });
  expect(product.status).toBe(201);
  const meteredPriceId = product.body.prices.find((p: any) => p.amount_type === 'metered_unit').id;
  const { clockId, subscription } = await subscribe(h, shop.call, {
    product: product.body.id,
    start: '2025-09-01T00:00:00Z',
  });
  const use = async (units: number) =>
    expect(
      (
        await shop.call('POST', '/v1/events/ingest', {
          events: [{ name: 'api.call', customer_id: subscription.customer_id, metadata: { units } }],
        })
      ).status,
    ).toBe(200);

  await advance(shop.call, clockId, '2025-09-10T00:00:00Z');
  await use(30);
  expect((await patch(shop.call, subscription.id, { pause_at_period_end: true })).status).toBe(200);
  await advance(shop.call, clockId, '2025-10-01T00:00:00Z');
  expect((await getSubscription(shop.call, subscription.id)).status).toBe('paused');
  await advance(shop.call, clockId, '2025-10-15T00:00:00Z');
  await use(20);
  await advance(shop.call, clockId, '2025-11-15T00:00:00Z');
  expect(await ordersOf(shop.call, subscription.customer_id)).toHaveLength(1); // no usage order at the pause

  expect((await patch(shop.call, subscription.id, { resume: true })).status).toBe(200);
  const orders = await ordersOf(shop.call, subscription.customer_id);
  expect(orders).toHaveLength(2);
  // 30 + 20 units × 2¢ = 100, with the new period's 1000.
  expect(orders[1].items.map((i: any) => [i.product_price_id === meteredPriceId, i.amount])).toEqual([
    [false, 1_000],
    [true, 100],
  ]);
  expect(orders[1]).toMatchObject({ status: 'paid', subtotal_amount: 1_100 });
});

test('a resume whose charge is declined goes past due and retries on the dunning schedule, not at once', async () => {
  const { call } = await merchant();
  const { clockId, subscription } = await subscribe(h, call, { price: 900, start: '2025-02-01T00:00:00Z' });
  const id = subscription.id as string;
  expect((await patch(call, id, { pause_at_period_end: true })).status).toBe(200);
  await advance(call, clockId, '2025-03-10T00:00:00Z');
  expect((await getSubscription(call, id)).status).toBe('paused');

  await setCardOutcome(h, id, 'insufficient_funds');
  const resumed = await patch(call, id, { resume: true });
  expect(resumed.body).toMatchObject({ status: 'past_due', current_period_start: '2025-03-10T00:00:00.000Z' });
  const orders = await ordersOf(call, subscription.customer_id);
  const resumeOrder = orders.find((o) => o.created_at === '2025-03-10T00:00:00.000Z');
  expect(resumeOrder).toMatchObject({ status: 'pending', total_amount: 900 });
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // a second attempt would come now, were it not waiting
  expect(await chargesFor(h, resumeOrder.id)).toHaveLength(1);

  await setCardOutcome(h, id, null);
  await advance(call, clockId, '2025-03-12T00:00:00Z'); // the first retry, two days on
  await eventually(async () => (await getSubscription(call, id)).status === 'active' || undefined);
  expect((await chargesFor(h, resumeOrder.id)).map((c) => c.status)).toEqual(['failed', 'succeeded']);
});
