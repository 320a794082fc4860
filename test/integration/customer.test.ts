// Customers as checkouts will use them: matched or created (customer.created and customer.state_changed in the
// outbox), read and listed over HTTP.
import { Customer, CustomerList } from '../../src/contracts/customer';
import { inTransaction } from '../../src/platform/database/transaction';
import { CustomerRaceLost, type CustomerDetails } from '../../src/domains/customer';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['customers:read']);
});
afterAll(() => h.close());

const findOrCreate = (details: CustomerDetails, organizationId = org.id) =>
  inTransaction(h.env.production.orm, (tx) =>
    h.env.production.domains.customers.findOrCreate(tx, organizationId, details),
  );

test('a new customer is created once, with customer.created, and read back in the reference shape', async () => {
  const { customer, created } = await findOrCreate({
    email: 'Ada@Example.com',
    name: 'Ada Lovelace',
    billingAddress: { country: 'GB', city: 'London' },
    taxId: ['GB980780684', 'gb_vat'],
    metadata: { source: 'checkout' },
  });
  expect(created).toBe(true);
  const read = await h.request('GET', `/v1/customers/${customer.id}`, { token: org.token });
  expect(read.status).toBe(200);
  expect(legacy(Customer).parse(read.body)).toBeTruthy();
  expect(read.body).toMatchObject({
    email: 'Ada@Example.com',
    type: 'individual',
    tax_id: ['GB980780684', 'gb_vat'],
    billing_address: { country: 'GB', city: 'London' },
  });

  const again = await findOrCreate({ email: 'ada@example.COM' });
  expect(again).toMatchObject({ created: false, customer: { id: customer.id } });

  const events = await h.env.production.orm.em
    .fork()
    .execute<{ type: string }[]>(
      "select payload->>'type' as type from outbox_message where kind = 'event' and payload->'data'->>'id' = ? order by seq",
      [customer.id],
    );
  expect(events.map((e) => e.type)).toEqual(['customer.created', 'customer.state_changed']);
});

test('the external id matches first, and an e-mail match gains the external id', async () => {
  const byEmail = await findOrCreate({ email: 'grace@example.com' });
  const linked = await findOrCreate({ email: 'grace@example.com', externalId: 'crm-42' });
  expect(linked.customer.id).toBe(byEmail.customer.id);
  expect(linked.customer.externalId).toBe('crm-42');
  const byExternalId = await findOrCreate({ email: 'grace.hopper@example.com', externalId: 'crm-42' });
  expect(byExternalId).toMatchObject({ created: false, customer: { id: byEmail.customer.id } });
});

test('concurrent creation of one customer yields one row; the losers retry and match it', async () => {
  const attempt = () =>
    findOrCreate({ email: 'race@example.com' }).catch((error) =>
      error instanceof CustomerRaceLost ? findOrCreate({ email: 'race@example.com' }) : Promise.reject(error),
    );
  const results = await Promise.all(Array.from({ length: 5 }, attempt));
  expect(new Set(results.map((r) => r.customer.id)).size).toBe(1);
  expect(results.filter((r) => r.created)).toHaveLength(1);
});

test('list filters and isolation', async () => {
  const lister = await h.organization(['customers:read']);
  for (const email of ['b@shop.test', 'a@shop.test', 'c@other.test'])
    await findOrCreate({ email, name: email.split('@')[0].toUpperCase() }, lister.id);
  const list = (q: string) => h.request('GET', `/v1/customers/?${q}`, { token: lister.token });
  expect(legacy(CustomerList).parse((await list('')).body)).toBeTruthy();
  expect((await list('sorting=email')).body.items.map((c: { email: string }) => c.email)).toEqual([
    'a@shop.test',
    'b@shop.test',
    'c@other.test',
  ]);
  expect((await list('query=shop&sorting=-email')).body.items.map((c: { email: string }) => c.email)).toEqual([
    'b@shop.test',
    'a@shop.test',
  ]);
  expect((await list('email=A@SHOP.TEST')).body.pagination.total_count).toBe(1);

  const theirs = (await list('')).body.items[0].id;
  expect((await h.request('GET', `/v1/customers/${theirs}`, { token: org.token })).status).toBe(404);
  expect(
    (await h.request('GET', '/v1/customers/', { token: (await h.organization(['meters:read'])).token })).status,
  ).toBe(403);
});
