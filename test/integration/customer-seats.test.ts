// Customer seats end to end with a real worker and the 1.x client: ten seats bought on a seat-based subscription;
// three invited through the mail catcher and claimed with the e-mailed token (claim info has no side effects, a resend
// makes the old token stop working), two assigned with `immediate_claim`, one revoked; the eleventh assignment
// refused; a seat-count decrease below the assigned count refused (the preview too) and one above it accepted; and
// customer_seat.* events received signed and verified.
import { randomUUID } from 'node:crypto';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { waitForMail } from '../support/mail-catcher';
import { polarClient, type PolarClient } from '../support/polar-sdk';
import { purchase } from '../support/purchases';
import { inTransaction } from '../../src/platform/database/transaction';
import type { MemberFollower } from '../../src/domains/customer';
import { Member } from '../../src/domains/customer/member/member.entity';
import { recordHistory } from '../support/record-history';
import { advance, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let h: TestHarness;
const receivers: Receiver[] = [];

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await h.close();
});

interface Merchant {
  call: Call;
  polar: PolarClient;
  token: string;
}

async function merchant(): Promise<Merchant> {
  const org = await h.organization(
    [
      ...SUBSCRIPTION_SCOPES,
      ...(['customer_seats:read', 'customer_seats:write', 'benefits:write', 'license_keys:read'] as const),
      ...(['customer_sessions:write', 'members:read', 'members:write'] as const),
    ],
    'sandbox',
  );
  const headers = { 'Polar-Version': '2026-10' };
  const call: Call = (method, path, json) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  return { call, token: org.token, polar: polarClient('2026-10', { accessToken: org.token, baseUrl: h.url.sandbox }) };
}

/** A seat-based monthly product (800 per seat; a license key per seat with `licenseKey`) bought by a customer on a test clock. */
async function seatsBought(m: Merchant, seats: number, options: { licenseKey?: boolean } = {}) {
  const product = await m.call('POST', '/v1/products/', {
    name: `Team plan ${randomUUID().slice(0, 8)}`,
    recurring_interval: 'month',
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: { seat_tier_type: 'volume', tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 800 }] },
      },
    ],
  });
  expect(product.status).toBe(201);
  let benefitId: string | null = null;
  if (options.licenseKey) {
    const benefit = await m.call('POST', '/v1/benefits/', {
      type: 'license_keys',
      description: 'Seat licence',
      properties: { activations: { limit: 2, enable_customer_admin: false } },
    });
    expect(benefit.status).toBe(201);
    benefitId = benefit.body.id;
    const attached = await m.call('POST', `/v1/products/${product.body.id}/benefits`, { benefits: [benefitId] });
    expect(attached.status).toBe(200);
  }
  const { subscription, clockId } = await subscribe(h, m.call, {
    product: product.body.id,
    seats,
    start: '2026-02-01T00:00:00Z',
  });
  expect(subscription).toMatchObject({ seats, status: 'active' });
  return { subscription, clockId, productId: product.body.id as string, benefitId };
}

/** Each member's license key status for the benefit, as `GET /v1/license-keys/` shows the keys (2026-10: `member_id`). */
async function keysByMember(m: Merchant, benefitId: string): Promise<Record<string, string>> {
  const page = await m.call('GET', `/v1/license-keys/?benefit_id=${benefitId}&limit=100`);
  expect(page.status).toBe(200);
  const keys = page.body.items.filter((key: any) => key.member_id);
  return Object.fromEntries(keys.map((key: any) => [key.member_id, key.status]));
}

const tokenIn = (text: string) => /bursar_seat_[0-9A-Za-z]+/.exec(text)![0];
const invitationTo = async (email: string, not?: string) =>
  tokenIn((await waitForMail(email, (mail) => mail.subject.includes('seat') && !mail.text.includes(not ?? '\0'))).text);

/** What the client's error carries: its status and our error name. */
async function refusal(promise: Promise<unknown>) {
  const error: any = await promise.then(
    () => null,
    (e) => e,
  );
  expect(error).not.toBeNull();
  return { status: error.statusCode ?? error.status ?? error.response?.status, body: error.body ?? error.data$ };
}

test('ten seats: invited and claimed by e-mail, assigned at once, revoked, the eleventh refused, events verified', async () => {
  const m = await merchant();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const endpoint = await m.call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['customer_seat.assigned', 'customer_seat.claimed', 'customer_seat.revoked'],
  });
  expect(endpoint.status).toBe(201);
  const { subscription, benefitId } = await seatsBought(m, 10, { licenseKey: true });
  const seats = m.polar.customerSeats;

  // Three invited by e-mail.
  const tag = randomUUID().slice(0, 8);
  const invited = [1, 2, 3].map((n) => `member${n}-${tag}@example.com`);
  const pending: any[] = [];
  for (const email of invited) {
    const seat = await seats.assignSeat({ subscription_id: subscription.id, email });
    expect(seat).toMatchObject({
      subscription_id: subscription.id,
      order_id: null,
      status: 'pending',
      customer_id: subscription.customer_id,
      email,
      member: expect.objectContaining({ email, role: 'member', customer_id: subscription.customer_id }),
    });
    pending.push(seat);
  }
  const tokens = await Promise.all(invited.map((email) => invitationTo(email)));

  // Claim info reads the invitation and changes nothing.
  const info = await seats.getClaimInfo(tokens[0]);
  expect(info).toMatchObject({ customer_email: invited[0], can_claim: true, product_id: subscription.product_id });
  const listed = await seats.listSeats({ subscription_id: subscription.id });
  expect(listed).toMatchObject({ total_seats: 10, available_seats: 7 });
  expect(listed.seats.map((s: any) => s.status)).toEqual(['pending', 'pending', 'pending']);
  const afterInfo = listed.seats.find((s: any) => s.id === pending[0].id);
  expect(afterInfo.invitation_token_expires_at).toBe('2026-02-08T00:00:00.000Z'); // 7 days on the test clock

  // A resend issues a new token: the old one no longer claims (nor reads).
  await seats.resendInvitation(pending[0].id);
  const resent = await invitationTo(invited[0], tokens[0]);
  expect(resent).not.toBe(tokens[0]);
  expect((await refusal(seats.claimSeat({ invitation_token: tokens[0] }))).status).toBe(400);
  expect((await refusal(seats.getClaimInfo(tokens[0]))).status).toBe(400);
  tokens[0] = resent;

  // Each member claims their seat and gets their own customer session.
  for (const [i, token] of tokens.entries()) {
    const claimed = await seats.claimSeat({ invitation_token: token });
    expect(claimed.seat).toMatchObject({
      id: pending[i].id,
      status: 'claimed',
      claimed_at: '2026-02-01T00:00:00.000Z',
    });
    expect(claimed.customer_session_token).toMatch(/^bursar_cst_/);
    const session = await h.request('GET', '/v1/customer-portal/seats/subscriptions', {
      token: claimed.customer_session_token,
      environment: 'sandbox',
    });
    expect(session.status).toBe(200);
    expect(session.body.items.map((s: any) => s.id)).toEqual([subscription.id]);
  }
  // A claimed invitation cannot be claimed again.
  expect((await refusal(seats.claimSeat({ invitation_token: tokens[1] }))).status).toBe(400);

  // Two assigned at once from the merchant's app: claimed, no e-mail.
  const direct: any[] = [];
  for (const n of [4, 5]) {
    const seat = await seats.assignSeat({
      subscription_id: subscription.id,
      email: `member${n}-${tag}@example.com`,
      external_member_id: `ext-${n}-${tag}`,
      immediate_claim: true,
    });
    expect(seat).toMatchObject({ status: 'claimed', invitation_token_expires_at: null });
    expect(seat.member).toMatchObject({ external_id: `ext-${n}-${tag}` });
    direct.push(seat);
  }
  // The same member twice on one subscription: refused (by e-mail, by member id and by external id).
  const twice = await m.call('POST', '/v1/customer-seats', { subscription_id: subscription.id, email: invited[1] });
  expect(twice).toMatchObject({ status: 400, body: { error: 'SeatAlreadyAssigned' } });
  const byId = await m.call('POST', '/v1/customer-seats', {
    subscription_id: subscription.id,
    member_id: direct[0].member_id,
  });
  expect(byId).toMatchObject({ status: 400, body: { error: 'SeatAlreadyAssigned' } });

  // Each of the five claimed seats' members holds a license key of their own.
  const holders = [...pending, ...direct].map((seat) => seat.member_id);
  await eventually(async () => Object.values(await keysByMember(m, benefitId!)).length === 5);
  expect(await keysByMember(m, benefitId!)).toEqual(Object.fromEntries(holders.map((id) => [id, 'granted'])));

  // One revoked: its place is free again, its member's key is revoked; a revoked seat cannot be revoked or resent.
  const revoked = await seats.revokeSeat(pending[2].id);
  expect(revoked).toMatchObject({ status: 'revoked', revoked_at: '2026-02-01T00:00:00.000Z' });
  expect((await m.call('DELETE', `/v1/customer-seats/${pending[2].id}`)).body.error).toBe('SeatNotAvailable');
  expect((await m.call('POST', `/v1/customer-seats/${direct[0].id}/resend`)).body.error).toBe('SeatNotAvailable');
  expect(await seats.listSeats({ subscription_id: subscription.id })).toMatchObject({
    total_seats: 10,
    available_seats: 6,
  });
  await eventually(async () => (await keysByMember(m, benefitId!))[pending[2].member_id] === 'revoked');
  expect(await keysByMember(m, benefitId!)).toEqual(
    Object.fromEntries(holders.map((id) => [id, id === pending[2].member_id ? 'revoked' : 'granted'])),
  );

  // Filled to ten, the eleventh is refused.
  for (let n = 6; n <= 11; n++)
    expect(
      (
        await m.call('POST', '/v1/customer-seats', {
          subscription_id: subscription.id,
          email: `m${n}-${tag}@example.com`,
        })
      ).status,
    ).toBe(200);
  const eleventh = await m.call('POST', '/v1/customer-seats', {
    subscription_id: subscription.id,
    email: `m12-${tag}@example.com`,
  });
  expect(eleventh).toMatchObject({ status: 400, body: { error: 'SeatsExhausted' } });
  expect(eleventh.body.detail).toContain('10 seats');

  // Events: assigned ×11, claimed ×5, revoked ×1, each signed and carrying the seat with its member.
  const secret = endpoint.body.secret;
  await eventually(async () => receiver.verified(secret).length >= 17);
  const verified = receiver.verified(secret);
  const count = (type: string) => verified.filter((w) => w.json.type === type).length;
  expect([count('customer_seat.assigned'), count('customer_seat.claimed'), count('customer_seat.revoked')]).toEqual([
    11, 5, 1,
  ]);
  const revokedEvent = verified.find((w) => w.json.type === 'customer_seat.revoked')!;
  expect(revokedEvent.json.data).toMatchObject({ id: pending[2].id, status: 'revoked', member: { email: invited[2] } });

  await recordHistory(h.env.sandbox, `seat:${pending[2].id}`, 'seat-invited-claimed-revoked', { finished: true });
});

test('a seat-count decrease below the assigned seats is refused, the preview too; one above them is accepted', async () => {
  const m = await merchant();
  const { subscription } = await seatsBought(m, 5);
  const tag = randomUUID().slice(0, 8);
  const assigned: any[] = [];
  for (const n of [1, 2, 3, 4])
    assigned.push(
      (
        await m.call('POST', '/v1/customer-seats', {
          subscription_id: subscription.id,
          email: `d${n}-${tag}@example.com`,
          immediate_claim: n % 2 === 0,
        })
      ).body,
    );
  const body = { seats: 3, proration_behavior: 'prorate' };
  const preview = await m.call('POST', `/v1/subscriptions/${subscription.id}/preview`, body);
  expect(preview).toMatchObject({ status: 400, body: { error: 'SeatsInUse' } });
  const refused = await m.call('PATCH', `/v1/subscriptions/${subscription.id}`, body);
  expect(refused).toMatchObject({ status: 400, body: { error: 'SeatsInUse' } });
  expect(refused.body.detail).toBe(
    '4 seats are assigned (pending or claimed): revoke 1 before lowering the count to 3.',
  );
  expect((await m.call('GET', `/v1/subscriptions/${subscription.id}`)).body.seats).toBe(5);

  const accepted = await m.call('PATCH', `/v1/subscriptions/${subscription.id}`, { ...body, seats: 4 });
  expect(accepted.status).toBe(200);
  expect(accepted.body.seats).toBe(4);
  const list = await m.call('GET', `/v1/customer-seats?subscription_id=${subscription.id}`);
  expect(list.body).toMatchObject({ total_seats: 4, available_seats: 0 });
  // A revoked seat frees its place: the count may go lower.
  expect((await m.call('DELETE', `/v1/customer-seats/${assigned[0].id}`)).status).toBe(200);
  expect((await m.call('PATCH', `/v1/subscriptions/${subscription.id}`, body)).body.seats).toBe(3);
  // A decrease scheduled for the next period counts at once: nothing more is assigned than it leaves.
  const scheduled = { seats: 2, proration_behavior: 'next_period' };
  expect((await m.call('PATCH', `/v1/subscriptions/${subscription.id}`, scheduled)).status).toBe(400);
  expect((await m.call('DELETE', `/v1/customer-seats/${assigned[1].id}`)).status).toBe(200);
  const later = await m.call('PATCH', `/v1/subscriptions/${subscription.id}`, scheduled);
  expect(later).toMatchObject({ status: 200, body: { seats: 3 } });
  expect((await m.call('GET', `/v1/customer-seats?subscription_id=${subscription.id}`)).body).toMatchObject({
    total_seats: 2,
    available_seats: 0,
  });
  const beyond = await m.call('POST', '/v1/customer-seats', {
    subscription_id: subscription.id,
    email: `d5-${tag}@example.com`,
  });
  expect(beyond).toMatchObject({ status: 400, body: { error: 'SeatsExhausted' } });
});

test('seats are refused on a purchase that is not seat-based, and another organization sees none', async () => {
  const m = await merchant();
  const { subscription } = await subscribe(h, m.call, { price: 1500, start: '2026-02-01T00:00:00Z' });
  const refused = await m.call('POST', '/v1/customer-seats', {
    subscription_id: subscription.id,
    email: `x-${randomUUID()}@example.com`,
  });
  expect(refused).toMatchObject({ status: 400, body: { error: 'BadRequest' } });
  const other = await merchant();
  expect((await other.call('GET', `/v1/customer-seats?subscription_id=${subscription.id}`)).status).toBe(404);
  const bad = await m.call('POST', '/v1/customer-seats', { email: 'a@example.com' });
  expect(bad.status).toBe(422);
  expect(
    (await h.request('GET', '/v1/customer-seats/claim/bursar_seat_unknown', { environment: 'sandbox' })).status,
  ).toBe(400);
});

test('an invitation expires after 7 days on the customer’s test clock; a resend makes a new one that claims', async () => {
  const m = await merchant();
  const { subscription, clockId } = await seatsBought(m, 2);
  const email = `late-${randomUUID().slice(0, 8)}@example.com`;
  const seat = (await m.call('POST', '/v1/customer-seats', { subscription_id: subscription.id, email })).body;
  const token = await invitationTo(email);
  await advance(m.call, clockId, '2026-02-08T00:00:01Z');
  const info = await h.request('GET', `/v1/customer-seats/claim/${token}`, { environment: 'sandbox' });
  expect(info).toMatchObject({ status: 400, body: { error: 'SeatInvitationExpired' } });
  const claim = await h.request('POST', '/v1/customer-seats/claim', {
    environment: 'sandbox',
    json: { invitation_token: token },
  });
  expect(claim).toMatchObject({ status: 400, body: { error: 'SeatInvitationExpired' } });
  const resent = await m.call('POST', `/v1/customer-seats/${seat.id}/resend`);
  expect(resent.body).toMatchObject({ status: 'pending', invitation_token_expires_at: '2026-02-15T00:00:01.000Z' });
  const fresh = await invitationTo(email, token);
  const claimed = await h.request('POST', '/v1/customer-seats/claim', {
    environment: 'sandbox',
    json: { invitation_token: fresh },
  });
  expect(claimed.body.seat).toMatchObject({ id: seat.id, status: 'claimed', claimed_at: '2026-02-08T00:00:01.000Z' });
});

test('concurrent assignments never exceed the seats bought', async () => {
  const m = await merchant();
  const { subscription } = await seatsBought(m, 3);
  const tag = randomUUID().slice(0, 8);
  const answers = await Promise.all(
    [1, 2, 3, 4, 5, 6].map((n) =>
      m.call('POST', '/v1/customer-seats', {
        subscription_id: subscription.id,
        email: `c${n}-${tag}@example.com`,
        immediate_claim: true,
      }),
    ),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 400, 400, 400]);
  expect(answers.filter((a) => a.status === 400).map((a) => a.body.error)).toEqual([
    'SeatsExhausted',
    'SeatsExhausted',
    'SeatsExhausted',
  ]);
  const list = await m.call('GET', `/v1/customer-seats?subscription_id=${subscription.id}`);
  expect(list.body).toMatchObject({ total_seats: 3, available_seats: 0 });
  expect(list.body.seats).toHaveLength(3);
});

test('a one-time order of seats: as many seats as it bought, listed by order_id', async () => {
  const m = await merchant();
  const product = await m.call('POST', '/v1/products/', {
    name: `Team pack ${randomUUID().slice(0, 8)}`,
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: { seat_tier_type: 'volume', tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 2000 }] },
      },
    ],
  });
  expect(product.status).toBe(201);
  const order = await purchase(h, m.call, {
    products: [product.body.id],
    seats: 2,
    customer_billing_address: { country: 'DE' },
  });
  expect(order).toMatchObject({ seats: 2, subscription_id: null });
  const tag = randomUUID().slice(0, 8);
  for (const n of [1, 2]) {
    const seat = await m.call('POST', '/v1/customer-seats', {
      order_id: order.id,
      email: `o${n}-${tag}@example.com`,
      immediate_claim: true,
    });
    expect(seat.body).toMatchObject({ order_id: order.id, subscription_id: null, status: 'claimed' });
  }
  const third = await m.call('POST', '/v1/customer-seats', { order_id: order.id, email: `o3-${tag}@example.com` });
  expect(third).toMatchObject({ status: 400, body: { error: 'SeatsExhausted' } });
  const list = await m.polar.customerSeats.listSeats({ order_id: order.id });
  expect(list).toMatchObject({ total_seats: 2, available_seats: 0 });
});

test('a subscription revoked keeps its seats, but their members’ grants are revoked with it', async () => {
  const m = await merchant();
  const { subscription, benefitId } = await seatsBought(m, 2, { licenseKey: true });
  const seat = (
    await m.call('POST', '/v1/customer-seats', {
      subscription_id: subscription.id,
      email: `ended-${randomUUID().slice(0, 8)}@example.com`,
      immediate_claim: true,
    })
  ).body;
  await eventually(async () => (await keysByMember(m, benefitId!))[seat.member_id] === 'granted');
  expect((await m.call('DELETE', `/v1/subscriptions/${subscription.id}`)).status).toBe(200);
  await eventually(async () => (await keysByMember(m, benefitId!))[seat.member_id] === 'revoked');
  const list = await m.call('GET', `/v1/customer-seats?subscription_id=${subscription.id}`);
  expect(list.body.seats).toMatchObject([{ id: seat.id, status: 'claimed' }]);
  const more = await m.call('POST', '/v1/customer-seats', {
    subscription_id: subscription.id,
    email: `late-${randomUUID().slice(0, 8)}@example.com`,
  });
  expect(more).toMatchObject({ status: 400, body: { error: 'BadRequest' } });
});

test('the portal: an owner manages the customer’s seats; a member is refused them and sees only their seats’ subscriptions', async () => {
  const m = await merchant();
  const { subscription } = await seatsBought(m, 3);
  const portal = (token: string) => (method: string, path: string, json?: unknown) =>
    h.request(method, `/v1/customer-portal${path}`, { token, environment: 'sandbox', json });
  const ownerSession = await m.call('POST', '/v1/customer-sessions/', { customer_id: subscription.customer_id });
  expect(ownerSession.status).toBe(201);
  const owner = portal(ownerSession.body.token);
  expect((await owner('GET', `/seats?subscription_id=${subscription.id}`)).body).toMatchObject({
    total_seats: 3,
    available_seats: 3,
  });
  const email = `portal-${randomUUID().slice(0, 8)}@example.com`;
  const direct = await owner('POST', '/seats', { subscription_id: subscription.id, email, immediate_claim: true });
  expect(direct).toMatchObject({ status: 403, body: { error: 'NotPermitted' } });
  const invited = await owner('POST', '/seats', { subscription_id: subscription.id, email });
  expect(invited.body).toMatchObject({ status: 'pending', email, member: { role: 'member' } });
  const first = await invitationTo(email);
  expect((await owner('POST', `/seats/${invited.body.id}/resend`)).status).toBe(200);
  const claimed = await h.request('POST', '/v1/customer-seats/claim', {
    environment: 'sandbox',
    json: { invitation_token: await invitationTo(email, first) },
  });
  expect(claimed.status).toBe(200);
  const member = portal(claimed.body.customer_session_token);
  // The member holds a seat: they see its subscription, and none of the seat management.
  expect((await member('GET', '/seats/subscriptions')).body.items.map((s: any) => s.id)).toEqual([subscription.id]);
  expect((await owner('GET', '/seats/subscriptions')).body.items).toEqual([]);
  for (const [method, path, body] of [
    ['GET', `/seats?subscription_id=${subscription.id}`],
    ['POST', '/seats', { subscription_id: subscription.id, email: `x-${email}` }],
    ['DELETE', `/seats/${invited.body.id}`],
    ['POST', `/seats/${invited.body.id}/resend`],
  ] as const)
    expect(await member(method, path, body)).toMatchObject({ status: 403, body: { error: 'NotPermitted' } });
  // Another customer's owner finds nothing of this purchase.
  const other = await m.call('POST', '/v1/customers/', { email: `other-${email}` });
  const otherOwner = portal(
    (await m.call('POST', '/v1/customer-sessions/', { customer_id: other.body.id })).body.token,
  );
  expect((await otherOwner('GET', `/seats?subscription_id=${subscription.id}`)).status).toBe(404);
  expect((await otherOwner('DELETE', `/seats/${invited.body.id}`)).status).toBe(404);
  // The owner revokes it: the member no longer sees the subscription.
  expect((await owner('DELETE', `/seats/${invited.body.id}`)).body).toMatchObject({ status: 'revoked' });
  expect((await member('GET', '/seats/subscriptions')).body.items).toEqual([]);
});

test('a member deleted: their seats are revoked in the same transaction, and their grants with them', async () => {
  const m = await merchant();
  const { subscription, benefitId } = await seatsBought(m, 2, { licenseKey: true });
  const seat = (
    await m.call('POST', '/v1/customer-seats', {
      subscription_id: subscription.id,
      email: `gone-${randomUUID().slice(0, 8)}@example.com`,
      immediate_claim: true,
    })
  ).body;
  await eventually(async () => (await keysByMember(m, benefitId!))[seat.member_id] === 'granted');
  // The member deleted as the customer domain deletes one: the row marked and its followers told in one transaction
  // (A's `DELETE …/members/{id}` route calls the same port).
  const env = h.env.sandbox;
  const followers = (env.domains as unknown as { memberFollowers: MemberFollower[] }).memberFollowers;
  await inTransaction(env.orm, async (tx) => {
    const found = await tx.em.findOneOrFail(Member, { id: seat.member_id });
    found.deletedAt = new Date();
    await tx.em.flush();
    for (const follower of followers) await follower.memberDeleted(tx, found);
  });
  const list = await m.call('GET', `/v1/customer-seats?subscription_id=${subscription.id}`);
  expect(list.body).toMatchObject({ available_seats: 2, seats: [{ id: seat.id, status: 'revoked', member: null }] });
  await eventually(async () => (await keysByMember(m, benefitId!))[seat.member_id] === 'revoked');
  expect((await m.call('DELETE', `/v1/customer-seats/${seat.id}`)).body.error).toBe('SeatNotAvailable');
});
