// The customer portal's customers/me over real HTTP in the sandbox with a real worker: the caller reads only
// themselves (none of the merchant's metadata or external id), changes their billing details checked exactly as the
// organization's update checks them, never their e-mail, external id or metadata, and the merchant hears of it by
// webhook; organization and customer tokens each stay on their own side.
import { CustomerPortalCustomer } from '../../src/contracts/portal-customer';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let receiver: Receiver;
const SCOPES = [
  'customers:write',
  'customers:read',
  'customer_sessions:write',
  'webhooks:write',
  'webhooks:read',
] as const;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

async function merchant() {
  const org = await h.organization([...SCOPES], 'sandbox');
  const call = (method: string, path: string, json?: unknown) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json });
  return { org, call };
}

type Merchant = Awaited<ReturnType<typeof merchant>>;

/** A customer of the merchant and a portal session token for them. */
async function customerWithSession(m: Merchant, fields: Record<string, unknown>) {
  const customer = await m.call('POST', '/v1/customers/', fields);
  expect(customer.status).toBe(201);
  const session = await m.call('POST', '/v1/customer-sessions/', { customer_id: customer.body.id });
  expect(session.status).toBe(201);
  const portal = (method: string, path: string, json?: unknown, token = session.body.token as string) =>
    h.request(method, `/v1/customer-portal${path}`, { token, environment: 'sandbox', json });
  return { customer: customer.body, token: session.body.token as string, portal };
}

const ME_FIELDS = [
  'created_at',
  'modified_at',
  'id',
  'email',
  'email_verified',
  'name',
  'billing_name',
  'billing_address',
  'tax_id',
  'oauth_accounts',
  'default_payment_method_id',
  'type',
  'locale',
].sort();

test('GET me: the caller only, in the reference shape, without the merchant’s metadata, external id or organization', async () => {
  const m = await merchant();
  const ada = await customerWithSession(m, {
    email: 'ada@example.com',
    name: 'Ada',
    external_id: 'crm-ada',
    metadata: { segment: 'vip' },
    locale: 'en',
  });
  const grace = await customerWithSession(m, { email: 'grace@example.com', name: 'Grace' });

  const me = await ada.portal('GET', '/customers/me');
  expect(me.status).toBe(200);
  expect(legacy(CustomerPortalCustomer).parse(me.body)).toBeTruthy();
  expect(Object.keys(me.body).sort()).toEqual(ME_FIELDS);
  expect(me.body).toEqual({
    created_at: ada.customer.created_at,
    modified_at: null,
    id: ada.customer.id,
    email: 'ada@example.com',
    email_verified: false,
    name: 'Ada',
    billing_name: null,
    billing_address: null,
    tax_id: null,
    oauth_accounts: {},
    default_payment_method_id: null,
    type: 'individual',
    locale: 'en',
  });
  expect((await grace.portal('GET', '/customers/me')).body).toMatchObject({
    id: grace.customer.id,
    email: 'grace@example.com',
  });

  const other = await merchant();
  const foreign = await customerWithSession(other, { email: 'ada@example.com', name: 'Other Ada' });
  expect((await foreign.portal('GET', '/customers/me')).body).toMatchObject({
    id: foreign.customer.id,
    name: 'Other Ada',
  });
});

test('PATCH me: billing details checked as the organization’s update checks them, persisted, announced by webhook', async () => {
  const m = await merchant();
  const endpoint = await m.call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['customer.updated', 'customer.state_changed'],
  });
  expect(endpoint.status).toBe(201);
  const ada = await customerWithSession(m, {
    email: 'ada@example.com',
    name: 'Ada',
    external_id: 'crm-ada',
    metadata: { segment: 'vip' },
  });
  const grace = await customerWithSession(m, { email: 'grace@example.com', name: 'Grace' });

  // A tax ID that does not fit the billing country: the same 422 as the organization's own update, nothing written.
  const badTaxId = { billing_address: { country: 'GB', city: 'London' }, tax_id: 'GB123' };
  const refused = await ada.portal('PATCH', '/customers/me', badTaxId);
  expect(refused.status).toBe(422);
  const orgRefused = await m.call('PATCH', `/v1/customers/${ada.customer.id}`, badTaxId);
  expect(orgRefused.status).toBe(422);
  expect(refused.body).toMatchObject({ error: 'RequestValidationError', detail: orgRefused.body.detail });
  expect(refused.body.detail[0].loc).toEqual(['body', 'tax_id']);
  const badAddress = await ada.portal('PATCH', '/customers/me', { billing_address: { country: 'XX' } });
  expect(badAddress.status).toBe(422);
  expect(badAddress.body.detail[0].loc).toEqual(['body', 'billing_address', 'country']);
  const unknownPaymentMethod = await ada.portal('PATCH', '/customers/me', { default_payment_method_id: 'pm_123' });
  expect(unknownPaymentMethod.status).toBe(422);
  expect(unknownPaymentMethod.body.detail[0].loc).toEqual(['body', 'default_payment_method_id']);
  expect((await m.call('GET', `/v1/customers/${ada.customer.id}`)).body).toMatchObject({
    billing_address: null,
    tax_id: null,
    modified_at: null,
  });

  // A good one persists; what the portal may not change (e-mail, external id, metadata, name) is left alone.
  const patched = await ada.portal('PATCH', '/customers/me', {
    billing_name: 'Ada Lovelace Ltd',
    billing_address: { country: 'GB', city: 'London', line1: '12 St James’s Square' },
    tax_id: 'GB980780684',
    default_payment_method_id: null,
    email: 'mallory@example.com',
    external_id: 'crm-mallory',
    metadata: { segment: 'free' },
  });
  expect(patched.status).toBe(200);
  expect(legacy(CustomerPortalCustomer).parse(patched.body)).toBeTruthy();
  expect(patched.body).toMatchObject({
    id: ada.customer.id,
    email: 'ada@example.com',
    name: 'Ada',
    billing_name: 'Ada Lovelace Ltd',
    billing_address: { country: 'GB', city: 'London', line1: '12 St James’s Square' },
    tax_id: ['GB980780684', 'gb_vat'],
  });
  expect(patched.body.modified_at).not.toBeNull();
  expect((await ada.portal('GET', '/customers/me')).body).toEqual(patched.body);
  expect((await m.call('GET', `/v1/customers/${ada.customer.id}`)).body).toMatchObject({
    email: 'ada@example.com',
    external_id: 'crm-ada',
    metadata: { segment: 'vip' },
    billing_name: 'Ada Lovelace Ltd',
    tax_id: ['GB980780684', 'gb_vat'],
  });
  expect((await m.call('GET', `/v1/customers/${grace.customer.id}`)).body).toMatchObject({
    billing_name: null,
    billing_address: null,
    tax_id: null,
  });

  // The merchant hears of it as from its own update: customer.updated (the full customer), then customer.state_changed.
  const events = await eventually(async () => {
    const mine = receiver.received.filter((r) => r.json.data.id === ada.customer.id).map((r) => r.json);
    const updated = mine.findIndex((e) => e.type === 'customer.updated');
    return updated >= 0 && mine.slice(updated).some((e) => e.type === 'customer.state_changed') && mine.slice(updated);
  });
  expect(events.filter((e) => e.type === 'customer.updated')).toHaveLength(1);
  expect(events[0].data).toMatchObject({
    billing_name: 'Ada Lovelace Ltd',
    tax_id: ['GB980780684', 'gb_vat'],
    metadata: { segment: 'vip' },
  });
  expect(events.find((e) => e.type === 'customer.state_changed')!.data).toMatchObject({
    billing_name: 'Ada Lovelace Ltd',
  });
  expect(receiver.verified(endpoint.body.secret)).toHaveLength(receiver.received.length);
});

test('an organization token on the portal and a customer token on the organization API are both 401', async () => {
  const m = await merchant();
  const ada = await customerWithSession(m, { email: 'ada@example.com' });
  const orgOnPortal = await h.request('GET', '/v1/customer-portal/customers/me', {
    token: m.org.token,
    environment: 'sandbox',
  });
  expect(orgOnPortal.status).toBe(401);
  const orgPatch = await h.request('PATCH', '/v1/customer-portal/customers/me', {
    token: m.org.token,
    environment: 'sandbox',
    json: { billing_name: 'X' },
  });
  expect(orgPatch.status).toBe(401);
  expect((await h.request('GET', '/v1/customers/', { token: ada.token, environment: 'sandbox' })).status).toBe(401);
  expect(
    (
      await h.request('PATCH', `/v1/customers/${ada.customer.id}`, {
        token: ada.token,
        environment: 'sandbox',
        json: { name: 'X' },
      })
    ).status,
  ).toBe(401);
  expect((await h.request('GET', '/v1/customer-portal/customers/me', { environment: 'sandbox' })).status).toBe(401);
  expect((await m.call('GET', `/v1/customers/${ada.customer.id}`)).body.name).toBeNull();
});
