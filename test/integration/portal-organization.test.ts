// The customer portal's public organization endpoint: found by its slug without a token, the organization as its
// customers see it and exactly its public, non-archived products (one-time and recurring), as CustomerProduct.
import { CustomerOrganizationData } from '../../src/contracts/portal-organization';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function merchant() {
  const org = await h.organization(['products:read', 'products:write'], 'sandbox');
  const { slug } = await h.env.sandbox.domains.organizations.findOrganization(h.env.sandbox.orm.em.fork(), org.id);
  const product = async (name: string, amount: number, extra: Record<string, unknown> = {}) => {
    const prices = [{ amount_type: 'fixed', price_amount: amount }];
    const created = await h.request('POST', '/v1/products/', {
      token: org.token,
      environment: 'sandbox',
      json: { name, prices, ...extra },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  return { ...org, slug, product };
}

const organizationData = (slug: string) =>
  h.request('GET', `/v1/customer-portal/organizations/${encodeURIComponent(slug)}`, { environment: 'sandbox' });

test('lists the public, non-archived products of the organization only, cheapest first, with its portal settings', async () => {
  const shop = await merchant();
  const other = await merchant();
  const pro = await shop.product('Pro', 2500, { recurring_interval: 'month' });
  const basic = await shop.product('Basic', 900, { recurring_interval: 'month' });
  const ebook = await shop.product('E-book', 1500);
  const archived = await shop.product('Old plan', 500, { recurring_interval: 'month' });
  const hidden = await shop.product('Private plan', 100, { recurring_interval: 'month', visibility: 'private' });
  await other.product('Elsewhere', 300, { recurring_interval: 'month' });
  const archive = await h.request('PATCH', `/v1/products/${archived}`, {
    token: shop.token,
    environment: 'sandbox',
    json: { is_archived: true },
  });
  expect(archive.status).toBe(200);

  const response = await organizationData(shop.slug);
  expect(response.status).toBe(200);
  const data = legacy(CustomerOrganizationData).parse(response.body);
  expect(data.organization).toMatchObject({ id: shop.id, slug: shop.slug, proration_behavior: 'invoice' });
  expect(data.organization.customer_portal_settings.subscription).toMatchObject({
    update_plan: true,
    update_seats: true,
  });
  expect(data.products.map((product) => product.id)).toEqual([basic, ebook, pro]);
  expect(data.products.map((product) => product.id)).not.toEqual(expect.arrayContaining([archived, hidden]));
  const basicPlan = data.products[0];
  expect(basicPlan).toMatchObject({
    name: 'Basic',
    is_recurring: true,
    recurring_interval: 'month',
    organization_id: shop.id,
    is_archived: false,
  });
  expect(basicPlan.prices).toEqual([
    expect.objectContaining({ amount_type: 'fixed', price_amount: 900, price_currency: 'usd' }),
  ]);
  expect(response.body.products[0]).not.toHaveProperty('metadata');
});

test('an unknown slug, or an organization id in its place, is 404 ResourceNotFound; no token is needed', async () => {
  const shop = await merchant();
  for (const slug of ['no-such-organization', shop.id]) {
    const response = await organizationData(slug);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ResourceNotFound');
  }
  const production = await h.request('GET', `/v1/customer-portal/organizations/${shop.slug}`, {
    environment: 'production',
  });
  expect(production.status).toBe(404); // a sandbox organization is not in production
});
