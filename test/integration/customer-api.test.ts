// The customers API beyond create and read, over real HTTP in the sandbox with a real worker: updates (e-mail kept
// unique ignoring case, external id set once, tax id checked), the external-id paths, soft delete (with and without
// anonymization) answering 404 afterwards, customer state with a real subscription, and the webhooks received.
import { Customer } from '../../src/contracts/customer';
import { CustomerState } from '../../src/contracts/customer-state';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { sandboxCaller, subscribe, type Call } from '../support/subscriptions';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let call: Call;
let receiver: Receiver;
let n = 0;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  call = await sandboxCaller(h);
  receiver = await startReceiver();
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: ['customer.created', 'customer.updated', 'customer.deleted', 'customer.state_changed'],
  });
  expect(endpoint.status).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

async function newCustomer(fields: Record<string, unknown> = {}) {
  const created = await call('POST', '/v1/customers/', { email: `person-${++n}-${Date.now()}@example.com`, ...fields });
  expect(created.status).toBe(201);
  return created.body as Customer;
}

const eventsOf = (customerId: string) =>
  receiver.received.filter((r) => r.json.data.id === customerId).map((r) => r.json);
const issue = (response: { body: any }) => response.body.detail[0] as { loc: (string | number)[]; msg: string };

test('PATCH changes the fields it names and leaves the others; customer.updated and customer.state_changed follow', async () => {
  const customer = await newCustomer({ name: 'Ada', metadata: { tier: 'gold' }, locale: 'en' });
  const patched = await call('PATCH', `/v1/customers/${customer.id}`, {
    name: 'Ada Lovelace',
    billing_address: { country: 'GB', city: 'London' },
    tax_id: 'GB980780684',
    metadata: { tier: 'platinum', seats: 3 },
  });
  expect(patched.status).toBe(200);
  expect(legacy(Customer).parse(patched.body)).toBeTruthy();
  expect(patched.body).toMatchObject({
    id: customer.id,
    email: customer.email,
    name: 'Ada Lovelace',
    locale: 'en',
    billing_address: { country: 'GB', city: 'London' },
    tax_id: ['GB980780684', 'gb_vat'],
    metadata: { tier: 'platinum', seats: 3 },
  });
  expect(patched.body.modified_at).not.toBeNull();
  expect((await call('GET', `/v1/customers/${customer.id}`)).body).toEqual(patched.body);

  const cleared = await call('PATCH', `/v1/customers/${customer.id}`, { name: null, locale: null, tax_id: null });
  expect(cleared.body).toMatchObject({
    name: null,
    locale: null,
    tax_id: null,
    billing_address: { country: 'GB' },
    metadata: { tier: 'platinum' },
  });

  const received = await eventually(async () => {
    const events = eventsOf(customer.id);
    return events.length === 6 && events;
  });
  expect(received.map((e) => e.type)).toEqual([
    'customer.created',
    'customer.state_changed',
    'customer.updated',
    'customer.state_changed',
    'customer.updated',
    'customer.state_changed',
  ]);
  expect(received[2].data).toMatchObject({ name: 'Ada Lovelace', tax_id: ['GB980780684', 'gb_vat'] });
  const state = legacy(CustomerState).parse(received[3].data);
  expect(state).toMatchObject({
    id: customer.id,
    name: 'Ada Lovelace',
    active_subscriptions: [],
    granted_benefits: [],
    active_meters: [],
  });
});

test('a tax id must fit the billing country, whether the id or the country changes', async () => {
  const customer = await newCustomer();
  const noCountry = await call('PATCH', `/v1/customers/${customer.id}`, { tax_id: 'GB980780684' });
  expect(noCountry.status).toBe(422);
  expect(issue(noCountry).loc).toEqual(['body', 'tax_id']);
  const wrongCountry = await call('PATCH', `/v1/customers/${customer.id}`, {
    tax_id: 'GB980780684',
    billing_address: { country: 'US' },
  });
  expect(wrongCountry.status).toBe(422);
  expect(issue(wrongCountry).loc).toEqual(['body', 'tax_id']);
  expect((await call('GET', `/v1/customers/${customer.id}`)).body).toMatchObject({
    tax_id: null,
    billing_address: null,
  });

  const valid = await call('PATCH', `/v1/customers/${customer.id}`, {
    tax_id: 'FR40303265045',
    billing_address: { country: 'FR' },
  });
  expect(valid.body.tax_id).toEqual(['FR40303265045', 'eu_vat']);
  const moved = await call('PATCH', `/v1/customers/${customer.id}`, { billing_address: { country: 'GB' } });
  expect(moved.status).toBe(422);
  expect(issue(moved).loc).toEqual(['body', 'tax_id']);
});

test('the e-mail stays unique among live customers ignoring case; a change of case alone is fine', async () => {
  const taken = await newCustomer();
  const customer = await newCustomer();
  const clash = await call('PATCH', `/v1/customers/${customer.id}`, { email: taken.email.toUpperCase() });
  expect(clash.status).toBe(422);
  expect(issue(clash).loc).toEqual(['body', 'email']);
  expect((await call('PATCH', `/v1/customers/${customer.id}`, { email: null })).status).toBe(422);

  const recased = await call('PATCH', `/v1/customers/${customer.id}`, { email: customer.email.toUpperCase() });
  expect(recased.status).toBe(200);
  expect(recased.body.email).toBe(customer.email.toUpperCase());

  expect((await call('DELETE', `/v1/customers/${taken.id}`)).status).toBe(204);
  const freed = await call('PATCH', `/v1/customers/${customer.id}`, { email: taken.email });
  expect(freed.status).toBe(200);
});

test('an external id is set once and then never changed; it is unique; the external paths find the customer by it', async () => {
  const other = await newCustomer({ external_id: `crm-other-${n}` });
  const customer = await newCustomer();
  const taken = await call('PATCH', `/v1/customers/${customer.id}`, { external_id: other.external_id });
  expect(taken.status).toBe(422);
  expect(issue(taken).loc).toEqual(['body', 'external_id']);

  const externalId = `crm/${n} ü`;
  expect((await call('PATCH', `/v1/customers/${customer.id}`, { external_id: externalId })).body.external_id).toBe(
    externalId,
  );
  expect((await call('PATCH', `/v1/customers/${customer.id}`, { external_id: externalId })).status).toBe(200);
  for (const change of [`crm-${n}-new`, null]) {
    const refused = await call('PATCH', `/v1/customers/${customer.id}`, { external_id: change });
    expect(refused.status).toBe(422);
    expect(issue(refused).loc).toEqual(['body', 'external_id']);
  }

  const path = `/v1/customers/external/${encodeURIComponent(externalId)}`;
  expect((await call('GET', path)).body.id).toBe(customer.id);
  const patched = await call('PATCH', path, { name: 'By external id', metadata: { via: 'external' } });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({ id: customer.id, name: 'By external id', external_id: externalId });
  const extra = await call('PATCH', path, { external_id: 'ignored?' });
  expect(extra.status).toBe(200); // CustomerUpdateExternalID has no external_id: the key is ignored like any unknown key
  expect(extra.body.external_id).toBe(externalId);
  const state = await call('GET', `${path}/state`);
  expect(state.status).toBe(200);
  expect(legacy(CustomerState).parse(state.body)).toMatchObject({
    id: customer.id,
    active_subscriptions: [],
    granted_benefits: [],
    active_meters: [],
  });

  expect((await call('GET', '/v1/customers/external/no-such-customer')).status).toBe(404);
  expect((await call('GET', '/v1/customers/external/state')).status).toBe(404); // an external id "state", not a customer "external"
  expect((await call('DELETE', path)).status).toBe(204);
  for (const [method, suffix] of [
    ['GET', ''],
    ['PATCH', ''],
    ['DELETE', ''],
    ['GET', '/state'],
  ] as const) {
    const gone = await call(method, `${path}${suffix}`, method === 'PATCH' ? { name: 'x' } : undefined);
    expect(gone.status).toBe(404);
  }
  expect(
    (await call('POST', '/v1/customers/', { email: `again-${n}@example.com`, external_id: externalId })).status,
  ).toBe(201);
});

test('DELETE answers 204 with no body; the customer is gone from every route but its row stays, with customer.deleted then state_changed', async () => {
  const customer = await newCustomer({ name: 'Grace Hopper', external_id: `crm-del-${n}` });
  const deleted = await h.request('DELETE', `/v1/customers/${customer.id}`, {
    token: undefined,
    environment: 'sandbox',
  });
  expect(deleted.status).toBe(401);
  const response = await call('DELETE', `/v1/customers/${customer.id}`);
  expect(response.status).toBe(204);
  expect(response.body).toBeUndefined();

  for (const [method, suffix] of [
    ['GET', ''],
    ['PATCH', ''],
    ['DELETE', ''],
    ['GET', '/state'],
  ] as const) {
    expect(
      (await call(method, `/v1/customers/${customer.id}${suffix}`, method === 'PATCH' ? { name: 'x' } : undefined))
        .status,
    ).toBe(404);
  }
  expect(
    (await call('GET', `/v1/customers/?query=${encodeURIComponent(customer.email)}`)).body.pagination.total_count,
  ).toBe(0);
  const [row] = await h.env.sandbox.orm.em
    .fork()
    .execute('select email, name, deleted_at from customer where id = ?', [customer.id]);
  expect(row).toMatchObject({ email: customer.email, name: 'Grace Hopper' });
  expect(row.deleted_at).not.toBeNull();

  const received = await eventually(async () => {
    const events = eventsOf(customer.id);
    return events.length === 4 && events;
  });
  expect(received.map((e) => e.type)).toEqual([
    'customer.created',
    'customer.state_changed',
    'customer.deleted',
    'customer.state_changed',
  ]);
  expect(received[2].data).toMatchObject({ email: customer.email, name: 'Grace Hopper' });
  expect(received[2].data.deleted_at).not.toBeNull();
  expect(legacy(CustomerState).parse(received[3].data)).toMatchObject({
    active_subscriptions: [],
    granted_benefits: [],
    active_meters: [],
  });
  expect(received[3].data.deleted_at).toBe(received[2].data.deleted_at);
});

test('DELETE with anonymize=true replaces the e-mail and names with digests; a business keeps its name', async () => {
  const person = await newCustomer({
    name: 'Alan Turing',
    billing_address: { country: 'GB', city: 'Wilmslow', line1: '43 Adlington Road' },
  });
  const business = await newCustomer({
    name: 'Acme Ltd',
    billing_address: { country: 'GB', city: 'London' },
    tax_id: 'GB980780684',
  });
  expect((await call('DELETE', `/v1/customers/${person.id}?anonymize=true`)).status).toBe(204);
  expect((await call('DELETE', `/v1/customers/${business.id}?anonymize=true`)).status).toBe(204);
  expect((await call('DELETE', `/v1/customers/${person.id}?anonymize=maybe`)).status).toBe(422);

  const rows = await h.env.sandbox.orm.em
    .fork()
    .execute('select id, email, name, billing_address from customer where id in (?, ?)', [person.id, business.id]);
  const anonymous = rows.find((r: any) => r.id === person.id)!;
  expect(anonymous.email).toMatch(/^[0-9a-f]{32}@anonymized\.invalid$/);
  expect(anonymous.name).toMatch(/^[0-9a-f]{16}$/);
  expect(anonymous.billing_address).toEqual({ country: 'GB' });
  expect(rows.find((r: any) => r.id === business.id)).toMatchObject({
    name: 'Acme Ltd',
    billing_address: { country: 'GB', city: 'London' },
  });

  const deletedEvent = await eventually(async () => eventsOf(person.id).find((e) => e.type === 'customer.deleted'));
  expect(deletedEvent.data).toMatchObject({ email: anonymous.email, name: anonymous.name });
  expect(JSON.stringify(eventsOf(person.id).slice(2))).not.toContain('Turing');
});

test("customer state shows an active subscription; deleting the customer revokes it; another organization's customer is 404", async () => {
  const { subscription } = await subscribe(h, call, { price: 2500, start: '2026-01-10T00:00:00Z' });
  const customerId: string = subscription.customer_id;
  const state = await call('GET', `/v1/customers/${customerId}/state`);
  expect(state.status).toBe(200);
  const parsed = legacy(CustomerState).parse(state.body);
  expect(parsed).toMatchObject({ id: customerId, granted_benefits: [], active_meters: [] });
  expect(parsed.active_subscriptions).toEqual([
    expect.objectContaining({
      id: subscription.id,
      status: 'active',
      amount: 2500,
      currency: subscription.currency,
      recurring_interval: 'month',
      meters: [],
    }),
  ]);
  expect(state.body.active_subscriptions[0]).not.toHaveProperty('customer');

  const stranger = await sandboxCaller(h);
  expect((await stranger('GET', `/v1/customers/${customerId}/state`)).status).toBe(404);
  expect((await stranger('PATCH', `/v1/customers/${customerId}`, { name: 'Mallory' })).status).toBe(404);
  expect((await stranger('DELETE', `/v1/customers/${customerId}`)).status).toBe(404);
  expect((await call('GET', '/v1/customers/not-a-uuid/state')).status).toBe(422);
  expect((await call('GET', `/v1/subscriptions/${subscription.id}`)).body.status).toBe('active');

  // The delete revokes the running subscription through its workflow first; its orders stay.
  expect((await call('DELETE', `/v1/customers/${customerId}`)).status).toBe(204);
  expect((await call('GET', `/v1/customers/${customerId}`)).status).toBe(404);
  expect((await call('GET', `/v1/subscriptions/${subscription.id}`)).body).toMatchObject({
    status: 'canceled',
    ended_at: expect.any(String),
  });
  expect((await call('GET', `/v1/orders/?customer_id=${customerId}`)).body.items).toHaveLength(1);

  const created = await eventually(async () => eventsOf(customerId).find((e) => e.type === 'customer.state_changed'));
  expect(legacy(CustomerState).parse(created.data).active_subscriptions).toEqual([]); // sent when the checkout created the customer
});
