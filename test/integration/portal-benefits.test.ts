// The customer portal's benefit grants, license keys, downloads and meters over real HTTP in the sandbox, with grants
// given by real purchases on a real worker: two customers of one organization and one of another each hold a license
// key, a file and meter credits, and each portal session sees, reads and changes only its own customer's.
import { randomUUID } from 'node:crypto';
import { LicenseKeyList } from '../../src/contracts/license-key-list';
import { LicenseKeyWithActivations } from '../../src/contracts/license-key-activation';
import { CustomerBenefitGrant } from '../../src/contracts/portal-benefit-grant';
import { CustomerBenefitGrantList } from '../../src/contracts/portal-benefit-grant-list';
import { CustomerCustomerMeterList } from '../../src/contracts/portal-meter';
import { DownloadableList } from '../../src/contracts/portal-downloadable';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { upload } from '../support/upload';
import { purchase } from '../support/purchases';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;

const SCOPES = [
  ...SUBSCRIPTION_SCOPES,
  'benefits:read',
  'benefits:write',
  'license_keys:read',
  'license_keys:write',
  'files:read',
  'files:write',
  'meters:read',
  'meters:write',
  'customer_sessions:write',
] as const;

interface Holder {
  customerId: string;
  orderId: string;
  checkoutId: string;
  token: string;
  portal: (method: string, path: string, json?: unknown) => Promise<{ status: number; body: any }>;
}

interface Shop {
  organizationId: string;
  call: Call;
  product: any;
  benefits: { key: any; file: any; credits: any };
  meter: any;
  data: Buffer;
}

let shop: Shop;
let other: Shop;
let ada: Holder;
let grace: Holder;
let mallory: Holder;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  shop = await openShop('the whole manual, page after page', true);
  other = await openShop('another shop’s secret file', false);
  [ada, grace] = [await buyer(shop), await buyer(shop)];
  mallory = await buyer(other);
}, 120_000);
afterAll(() => h?.close());

async function created(call: Call, path: string, json: unknown) {
  const response = await call('POST', path, json);
  expect(response.status).toBe(201);
  return response.body;
}

/** An organization selling one product with a license key, a file and meter credits. */
async function openShop(contents: string, customerAdmin: boolean): Promise<Shop> {
  const org = await h.organization([...SCOPES], 'sandbox');
  const call: Call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  const data = Buffer.from(contents);
  const uploaded = await upload(h, org.token, data, { environment: 'sandbox', name: 'manual.pdf' });
  expect(uploaded.status).toBe(200);
  const meter = await created(call, '/v1/meters/', {
    name: 'API calls',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.call' }] },
    aggregation: { func: 'count' },
  });
  const key = await created(call, '/v1/benefits/', {
    type: 'license_keys',
    description: 'Desktop licence',
    properties: { activations: { limit: 3, enable_customer_admin: customerAdmin } },
    metadata: { internal: 'do-not-show' },
  });
  const file = await created(call, '/v1/benefits/', {
    type: 'downloadables',
    description: 'The manual',
    properties: { files: [uploaded.body.id] },
  });
  const credits = await created(call, '/v1/benefits/', {
    type: 'meter_credit',
    description: 'Included calls',
    properties: { meter_id: meter.id, units: 500, rollover: false },
  });
  const product = await created(call, '/v1/products/', {
    name: 'Acme Desktop',
    prices: [{ amount_type: 'fixed', price_amount: 4_900 }],
  });
  expect(
    (await call('POST', `/v1/products/${product.id}/benefits`, { benefits: [key.id, file.id, credits.id] })).status,
  ).toBe(200);
  return { organizationId: org.id, call, product, benefits: { key, file, credits }, meter, data };
}

/** A customer who bought the shop's product (all three grants in force) and their portal session. */
async function buyer(s: Shop): Promise<Holder> {
  const order = await purchase(
    h,
    s.call,
    { products: [s.product.id], customer_billing_address: { country: 'DE' } },
    { timeoutMs: 30_000 },
  );
  await eventually(async () => {
    const grants = (await s.call('GET', `/v1/benefit-grants/?customer_id=${order.customer_id}&is_granted=true`)).body
      .items;
    return grants.length === 3;
  }, 30_000);
  const session = await created(s.call, '/v1/customer-sessions/', { customer_id: order.customer_id });
  const token = session.token as string;
  return {
    customerId: order.customer_id,
    orderId: order.id,
    checkoutId: order.checkout_id,
    token,
    portal: (method, path, json) =>
      h.request(method, `/v1/customer-portal${path}`, { token, environment: 'sandbox', json }),
  };
}

const grantsOf = async (holder: Holder, query = '') => {
  const response = await holder.portal('GET', `/benefit-grants/?limit=100${query}`);
  expect(response.status).toBe(200);
  return legacy(CustomerBenefitGrantList).parse(response.body).items;
};
const grantOf = async (holder: Holder, benefitId: string) => (await grantsOf(holder, `&benefit_id=${benefitId}`))[0];
const keyOf = async (holder: Holder) =>
  legacy(LicenseKeyList).parse((await holder.portal('GET', '/license-keys/')).body).items[0];
const meterOf = async (holder: Holder) =>
  legacy(CustomerCustomerMeterList).parse((await holder.portal('GET', '/meters/')).body).items[0];

test('benefit grants: only the caller’s, with the caller embedded and the benefit as its holders see it', async () => {
  const { key, file, credits } = shop.benefits;
  const grants = await grantsOf(ada);
  expect(grants).toHaveLength(3);
  expect(new Set(grants.map((g) => g.benefit_id))).toEqual(new Set([key.id, file.id, credits.id]));
  for (const grant of grants) {
    expect(grant).toMatchObject({
      customer_id: ada.customerId,
      order_id: ada.orderId,
      subscription_id: null,
      is_granted: true,
      is_revoked: false,
      member_id: null,
    });
    expect(grant.customer).toMatchObject({ id: ada.customerId, oauth_accounts: {}, type: 'individual' });
    expect(grant.customer).not.toHaveProperty('metadata');
    expect(grant.benefit.organization).toMatchObject({ id: shop.organizationId, allow_customer_updates: true });
    expect((grant.benefit as { metadata?: unknown }).metadata).toEqual({}); // the unversioned shape has the field 0.x clients require, empty
  }
  const byType = new Map<string, any>(grants.map((g) => [g.benefit.type, g]));
  expect(byType.get('downloadables').benefit.properties).toEqual({ active_files: file.properties.files });
  expect(byType.get('meter_credit').properties).toMatchObject({
    last_credited_meter_id: shop.meter.id,
    last_credited_units: 500,
  });
  expect(byType.get('license_keys').properties).toMatchObject({ display_key: expect.stringMatching(/^\*\*\*\*-/) });

  const graceGrants = await grantsOf(grace);
  expect(graceGrants).toHaveLength(3);
  expect(graceGrants.every((g) => g.customer_id === grace.customerId && g.customer.id === grace.customerId)).toBe(true);
  expect(graceGrants.map((g) => g.id).filter((id) => grants.some((g) => g.id === id))).toEqual([]);

  // Filters: by type, benefit, description, order and checkout (only the caller's own match), and none for members.
  expect((await grantsOf(ada, '&type=license_keys')).map((g) => g.benefit_id)).toEqual([key.id]);
  expect((await grantsOf(ada, `&type=downloadables&type=meter_credit`)).map((g) => g.benefit_id).sort()).toEqual(
    [file.id, credits.id].sort(),
  );
  expect((await grantsOf(ada, '&type=discord')).length).toBe(0);
  expect((await grantsOf(ada, '&query=MANUAL')).map((g) => g.benefit_id)).toEqual([file.id]);
  expect(await grantsOf(ada, `&order_id=${ada.orderId}`)).toHaveLength(3);
  expect(await grantsOf(ada, `&order_id=${grace.orderId}`)).toHaveLength(0);
  expect(await grantsOf(ada, `&checkout_id=${ada.checkoutId}`)).toHaveLength(3);
  expect(await grantsOf(ada, `&checkout_id=${grace.checkoutId}`)).toHaveLength(0);
  expect(await grantsOf(ada, `&checkout_id=${mallory.checkoutId}`)).toHaveLength(0);
  expect(await grantsOf(ada, `&subscription_id=${randomUUID()}`)).toHaveLength(0);
  expect(await grantsOf(ada, `&member_id=${randomUUID()}`)).toHaveLength(0);
  expect((await grantsOf(ada, '&sorting=type')).map((g) => g.benefit.type)).toEqual([
    'downloadables',
    'license_keys',
    'meter_credit',
  ]);
  expect((await grantsOf(ada, '&sorting=-type')).map((g) => g.benefit.type)).toEqual([
    'meter_credit',
    'license_keys',
    'downloadables',
  ]);
  const paged = await ada.portal('GET', '/benefit-grants/?limit=2&page=2&sorting=type');
  expect(paged.body.pagination).toEqual({ total_count: 3, max_page: 2 });
  expect(paged.body.items.map((g: any) => g.benefit.type)).toEqual(['meter_credit']);
  expect((await ada.portal('GET', '/benefit-grants/?sorting=name')).status).toBe(422);
});

test('a grant by id: the caller’s own is read, another customer’s or organization’s is 404; PATCH is 403 on the caller’s own', async () => {
  const own = await grantOf(ada, shop.benefits.key.id);
  const read = await ada.portal('GET', `/benefit-grants/${own.id}`);
  expect(read.status).toBe(200);
  expect(legacy(CustomerBenefitGrant).parse(read.body)).toEqual(own);

  const graces = await grantOf(grace, shop.benefits.key.id);
  const mallorys = await grantOf(mallory, other.benefits.key.id);
  for (const id of [graces.id, mallorys.id, randomUUID()]) {
    const foreign = await ada.portal('GET', `/benefit-grants/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ResourceNotFound');
    expect((await ada.portal('PATCH', `/benefit-grants/${id}`, { benefit_type: 'license_keys' })).status).toBe(404);
  }
  const patched = await ada.portal('PATCH', `/benefit-grants/${own.id}`, { benefit_type: 'license_keys' });
  expect(patched.status).toBe(403);
  expect(patched.body.error).toBe('NotPermitted');
  expect((await ada.portal('PATCH', `/benefit-grants/${own.id}`, { benefit_type: 'nonsense' })).status).toBe(422);
  expect((await ada.portal('GET', `/benefit-grants/${own.id}`)).body).toEqual(read.body);
});

test('license keys: the caller’s own listed and read with activations; an activation deactivated only on the caller’s own key', async () => {
  const activate = (organizationId: string, key: string, label: string) =>
    h.request('POST', '/v1/customer-portal/license-keys/activate', {
      environment: 'sandbox',
      json: { key, organization_id: organizationId, label },
    });
  const adaKey = await keyOf(ada);
  const graceKey = await keyOf(grace);
  const malloryKey = await keyOf(mallory);
  expect(adaKey).toMatchObject({
    customer_id: ada.customerId,
    benefit_id: shop.benefits.key.id,
    status: 'granted',
    limit_activations: 3,
  });
  expect(adaKey.customer).toMatchObject({ id: ada.customerId, metadata: {}, external_id: null });
  expect(graceKey.customer_id).toBe(grace.customerId);
  expect((await ada.portal('GET', '/license-keys/')).body.pagination).toEqual({ total_count: 1, max_page: 1 });
  expect((await ada.portal('GET', `/license-keys/?benefit_id=${shop.benefits.file.id}`)).body.items).toEqual([]);
  expect(
    (await ada.portal('GET', `/license-keys/?benefit_id=${shop.benefits.key.id}`)).body.items.map((k: any) => k.id),
  ).toEqual([adaKey.id]);

  const adaLaptop = (await activate(shop.organizationId, adaKey.key, 'laptop')).body;
  const graceLaptop = (await activate(shop.organizationId, graceKey.key, 'laptop')).body;
  const malloryLaptop = (await activate(other.organizationId, malloryKey.key, 'laptop')).body;
  const read = await ada.portal('GET', `/license-keys/${adaKey.id}`);
  expect(read.status).toBe(200);
  expect(
    legacy(LicenseKeyWithActivations)
      .parse(read.body)
      .activations.map((a) => a.id),
  ).toEqual([adaLaptop.id]);
  for (const id of [graceKey.id, malloryKey.id, randomUUID()])
    expect((await ada.portal('GET', `/license-keys/${id}`)).status).toBe(404);

  // Another customer's activation, through their key or through the caller's own: 404, and it stays.
  expect((await ada.portal('DELETE', `/license-keys/${graceKey.id}/activations/${graceLaptop.id}`)).status).toBe(404);
  expect((await ada.portal('DELETE', `/license-keys/${adaKey.id}/activations/${graceLaptop.id}`)).status).toBe(404);
  expect((await ada.portal('DELETE', `/license-keys/${malloryKey.id}/activations/${malloryLaptop.id}`)).status).toBe(
    404,
  );
  expect((await grace.portal('GET', `/license-keys/${graceKey.id}`)).body.activations.map((a: any) => a.id)).toEqual([
    graceLaptop.id,
  ]);

  const deactivated = await ada.portal('DELETE', `/license-keys/${adaKey.id}/activations/${adaLaptop.id}`);
  expect(deactivated.status).toBe(204);
  expect((await ada.portal('GET', `/license-keys/${adaKey.id}`)).body.activations).toEqual([]);
  expect((await ada.portal('DELETE', `/license-keys/${adaKey.id}/activations/${adaLaptop.id}`)).status).toBe(404);
  expect((await grace.portal('GET', `/license-keys/${graceKey.id}`)).body.activations).toHaveLength(1);

  // The other shop's benefit keeps activations to itself (enable_customer_admin false): 403, the activation stays.
  const refused = await mallory.portal('DELETE', `/license-keys/${malloryKey.id}/activations/${malloryLaptop.id}`);
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe('NotPermitted');
  expect((await mallory.portal('GET', `/license-keys/${malloryKey.id}`)).body.activations).toHaveLength(1);
});

test('downloadables: the caller’s granted files with signed links that open the file; nobody else’s', async () => {
  const response = await ada.portal('GET', '/downloadables/');
  expect(response.status).toBe(200);
  const { items, pagination } = legacy(DownloadableList).parse(response.body);
  expect(pagination).toEqual({ total_count: 1, max_page: 1 });
  const [download] = items;
  expect(download).toMatchObject({
    benefit_id: shop.benefits.file.id,
    file: {
      id: shop.benefits.file.properties.files[0],
      name: 'manual.pdf',
      organization_id: shop.organizationId,
      service: 'downloadable',
      is_uploaded: true,
    },
  });
  const opened = await fetch(download.file.download.url, { redirect: 'manual' });
  expect(opened.status).toBe(307);
  expect(Buffer.from(await (await fetch(opened.headers.get('location')!)).arrayBuffer())).toEqual(shop.data);

  const graces = legacy(DownloadableList).parse((await grace.portal('GET', '/downloadables/')).body).items;
  expect(graces).toHaveLength(1);
  expect(graces[0].id).not.toBe(download.id);
  const mallorys = legacy(DownloadableList).parse((await mallory.portal('GET', '/downloadables/')).body).items;
  expect(mallorys.map((d) => d.benefit_id)).toEqual([other.benefits.file.id]);
  const theirs = await fetch(mallorys[0].file.download.url, { redirect: 'manual' });
  expect(Buffer.from(await (await fetch(theirs.headers.get('location')!)).arrayBuffer())).toEqual(other.data);

  expect((await ada.portal('GET', `/downloadables/?benefit_id=${shop.benefits.key.id}`)).body.items).toEqual([]);
  expect(
    (await ada.portal('GET', `/downloadables/?benefit_id=${shop.benefits.file.id}`)).body.items.map((d: any) => d.id),
  ).toEqual([download.id]);
});

test('meters: the caller’s standing from their credits, by id for the caller only', async () => {
  const mine = await meterOf(ada);
  expect(mine).toMatchObject({
    customer_id: ada.customerId,
    meter_id: shop.meter.id,
    consumed_units: 0,
    credited_units: 500,
    balance: 500,
    meter: { id: shop.meter.id, name: 'API calls' },
  });
  expect((await ada.portal('GET', '/meters/')).body.pagination).toEqual({ total_count: 1, max_page: 1 });
  expect((await ada.portal('GET', `/meters/${mine.id}`)).body).toEqual(mine);
  expect((await ada.portal('GET', `/meters/?meter_id=${shop.meter.id}&query=api&sorting=-balance`)).body.items).toEqual(
    [mine],
  );
  expect((await ada.portal('GET', '/meters/?query=storage')).body.items).toEqual([]);

  const graces = await meterOf(grace);
  const mallorys = await meterOf(mallory);
  expect(graces).toMatchObject({ customer_id: grace.customerId, credited_units: 500 });
  for (const id of [graces.id, mallorys.id, randomUUID()]) {
    const foreign = await ada.portal('GET', `/meters/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ResourceNotFound');
  }
});

test('organization tokens are refused on these portal routes, customer tokens on the organization’s', async () => {
  const orgToken = (await h.organization(['benefits:read', 'license_keys:read', 'meters:read'], 'sandbox')).token;
  for (const path of ['/benefit-grants/', '/license-keys/', '/downloadables/', '/meters/']) {
    expect(
      (await h.request('GET', `/v1/customer-portal${path}`, { token: orgToken, environment: 'sandbox' })).status,
    ).toBe(401);
  }
  for (const path of ['/v1/benefit-grants/', '/v1/license-keys/', '/v1/customers/']) {
    expect((await h.request('GET', path, { token: ada.token, environment: 'sandbox' })).status).toBe(401);
  }
});
