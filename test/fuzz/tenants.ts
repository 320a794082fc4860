// Two organizations per environment, each with one real resource of every kind (created through the API), so that
// generated ids reach real rows and another tenant's ids are at hand, and two customers with a customer session token
// each (the customer portal's callers); then every list route is read — the organization's with its token, the
// portal's with its main customer's — to collect the ids and client secrets of everything that exists (orders,
// subscriptions…), whatever routes there are.
import { randomBytes } from 'node:crypto';
import type { Environment } from '../../src/platform/config';
import { SCOPES } from '../../src/contracts/scopes';
import type { RouteAudience, RouteDefinition } from '../../src/platform/http/route';
import { eventually, type TestHarness } from '../support/harness';
import { subscribe, type Call } from '../support/subscriptions';

export interface Tenant {
  id: string;
  token: string;
  /** The token's own id: kept out of the ids cases use, or a valid case could revoke (or narrow) the fuzzer's token. */
  tokenId: string;
  environment: Environment;
  /** A random word in every name this tenant's resources carry, to spot them in another tenant's answers. */
  tag: string;
  /**
   * Resource ids by collection path (`/v1/meters`); the portal's collections (`/v1/customer-portal/orders`) hold
   * what the main customer sees of its own.
   */
  ids: Map<string, string[]>;
  clientSecrets: string[];
  /** The main portal customer: in the sandbox the one who owns the subscription and its order, else the fixture's. */
  customer: PortalCustomer;
  /** A second customer of the same organization, with nothing bought. */
  otherCustomer: PortalCustomer;
}

export interface PortalCustomer {
  id: string;
  email: string;
  /** A customer session token (`bursar_cst_…`) for this customer. */
  token: string;
}

export const ENVIRONMENTS: Environment[] = ['production', 'sandbox'];
export const otherEnvironment = (environment: Environment): Environment =>
  environment === 'production' ? 'sandbox' : 'production';

interface ResourceSpec {
  collection: string;
  body(ids: Map<string, string[]>, tag: string): unknown;
  only?: Environment;
  /** Where the created resource's id is in the answer (its `id` unless said), and the answer's status (201 unless said). */
  idOf?(body: Record<string, any>): string;
  status?: number;
}

/** One valid create body per kind of resource (the part that cannot be derived from the contracts). */
const RESOURCES: ResourceSpec[] = [
  {
    collection: '/v1/meters/',
    body: (_, tag) => ({
      name: `Meter ${tag}`,
      filter: { conjunction: 'and', clauses: [] },
      aggregation: { func: 'count' },
    }),
  },
  {
    collection: '/v1/products/',
    body: (_, tag) => ({ name: `Product ${tag}`, prices: [{ amount_type: 'fixed', price_amount: 1500 }] }),
  },
  {
    // A simulation of a tax rate change (it reaches no subscription of the fixture, and writes only its own rows).
    collection: '/v1/simulations/',
    body: () => ({
      cycles: 2,
      change: { type: 'tax_rate', country: 'DE', effective_at: '2099-01-01T00:00:00Z', percentage: 21 },
    }),
  },
  {
    collection: '/v1/metrics/dashboards',
    body: (_, tag) => ({ name: `Dashboard ${tag}`, metrics: ['monthly_recurring_revenue'] }),
  },
  {
    collection: '/v1/custom-fields/',
    body: (_, tag) => ({
      type: 'text',
      slug: `field-${tag}`,
      name: `Field ${tag}`,
      properties: { form_label: 'Company' },
    }),
  },
  {
    collection: '/v1/discounts/',
    body: (_, tag) => ({
      type: 'percentage',
      basis_points: 1500,
      duration: 'once',
      name: `Discount ${tag}`,
      code: `CODE${tag}`,
    }),
  },
  {
    collection: '/v1/benefits/',
    body: (_, tag) => ({ type: 'custom', description: `Benefit ${tag}`, properties: { note: tag } }),
  },
  {
    collection: '/v1/customers/',
    body: (_, tag) => ({ email: `customer-${tag}@example.com`, name: `Customer ${tag}` }),
  },
  {
    // A draft order (`POST /v1/orders/{id}/finalize` needs one; lists in the unversioned API do not show drafts).
    collection: '/v1/orders/',
    body: (ids) => ({ customer_id: firstId(ids, '/v1/customers'), product_id: firstId(ids, '/v1/products') }),
  },
  {
    collection: '/v1/webhooks/endpoints',
    body: (_, tag) => ({
      url: `https://hooks.example.com/${tag}`,
      format: 'raw',
      events: ['order.paid'],
      name: `Hook ${tag}`,
    }),
  },
  {
    collection: '/v1/files/',
    body: (_, tag) => ({
      service: 'downloadable',
      name: `file-${tag}.bin`,
      mime_type: 'application/octet-stream',
      size: 8,
      upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 8 }] },
    }),
  },
  {
    collection: '/v1/checkouts/',
    body: (ids) => ({ products: [firstId(ids, '/v1/products')], metadata: { fuzz: 'yes' } }),
  },
  {
    collection: '/v1/checkout-links/',
    body: (ids, tag) => ({
      payment_processor: 'stripe',
      product_id: firstId(ids, '/v1/products'),
      label: `Link ${tag}`,
    }),
  },
  {
    collection: '/v1/test-clocks/',
    body: (_, tag) => ({ name: `Clock ${tag}`, frozen_time: '2025-01-01T00:00:00Z' }),
    only: 'sandbox',
  },
  {
    collection: '/v1/organization-access-tokens/',
    body: (_, tag) => ({ comment: `Token ${tag}`, scopes: ['products:read'] }),
    idOf: (body) => body.organization_access_token.id,
  },
  {
    collection: '/v1/oauth2/register',
    body: (_, tag) => ({
      client_name: `App ${tag}`,
      redirect_uris: [`https://app.example.com/${tag}`],
      scope: 'products:read',
    }),
    idOf: (body) => body.client_id,
    status: 200,
  },
];

export const collectionOf = (path: string): string => path.split('/:')[0].replace(/\/$/, '');

export async function createTenant(
  h: TestHarness,
  environment: Environment,
  options = { subscription: true },
): Promise<Tenant> {
  const { id, token } = await h.organization([...SCOPES], environment);
  const tag = randomBytes(6).toString('hex');
  const ids = new Map<string, string[]>();
  const call: Call = (method, path, json, headers) => h.request(method, path, { token, environment, json, headers });
  for (const spec of RESOURCES) {
    if (spec.only && spec.only !== environment) continue;
    const created = await call('POST', spec.collection, spec.body(ids, tag));
    if (created.status !== (spec.status ?? 201))
      throw new Error(
        `Fixture ${spec.collection} in ${environment}: ${created.status} ${JSON.stringify(created.body)}`,
      );
    ids.set(collectionOf(spec.collection), [spec.idOf ? spec.idOf(created.body) : created.body.id]);
  }
  // An owner, so that POST /v1/organizations/ (which founds an organization for the caller's owner) can succeed.
  const owned = await call('PATCH', `/v1/organizations/${id}`, { owner_email: `owner-${tag}@example.com` });
  if (owned.status !== 200) throw new Error(`Fixture owner in ${environment}: ${owned.status}`);
  // A live subscription (and its order) needs a payment, which only the sandbox processor makes here.
  const subscribed =
    environment === 'sandbox' && options.subscription ? await subscribeWithBenefits(h, call, ids, tag) : null;
  // A one-time purchase disputed through the sandbox API: the payment and dispute routes get real ids of their own.
  if (environment === 'sandbox' && options.subscription) await disputedPurchase(h, call, tag);
  // A seat of a seat-based subscription (another customer's), assigned: the seat routes get a real id to aim at.
  if (environment === 'sandbox' && options.subscription)
    ids.set('/v1/customer-seats', [await assignedSeat(h, call, tag)]);
  // The portal's callers: the customer who bought (so the portal's lists have rows), else the fixture's customer; and
  // a second customer of the same organization, to be refused the first one's resources.
  const mainCustomerId: string = subscribed?.subscription.customer_id ?? firstId(ids, '/v1/customers');
  // Usage of the main customer, counted by the fixture meter: the events, customer meters and quantities have rows.
  const usage = await call('POST', '/v1/events/ingest', {
    events: [{ name: `usage.${tag}`, customer_id: mainCustomerId, metadata: { units: 3 } }],
  });
  if (usage.status !== 200)
    throw new Error(`Fixture usage in ${environment}: ${usage.status} ${JSON.stringify(usage.body)}`);
  const second = await call('POST', '/v1/customers/', { email: `second-${tag}@example.com`, name: `Second ${tag}` });
  if (second.status !== 201)
    throw new Error(`Fixture second customer in ${environment}: ${second.status} ${JSON.stringify(second.body)}`);
  return {
    id,
    token,
    tokenId: (await h.env[environment].domains.accessTokens.authenticate(h.env[environment].orm.em.fork(), token))!
      .tokenId,
    environment,
    tag,
    ids,
    clientSecrets: [],
    customer: await portalCustomer(call, mainCustomerId),
    otherCustomer: await portalCustomer(call, second.body.id),
  };
}

/**
 * A yearly subscription to a product granting the fixture's custom benefit, a license key and meter credits, once
 * granted: the portal then has the customer's orders, subscription, grants, license key and meter to aim at.
 */
async function subscribeWithBenefits(h: TestHarness, call: Call, ids: Map<string, string[]>, tag: string) {
  const benefit = async (body: unknown) => {
    const created = await call('POST', '/v1/benefits/', body);
    if (created.status !== 201) throw new Error(`Fixture benefit: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id as string;
  };
  const benefits = [
    firstId(ids, '/v1/benefits'),
    await benefit({
      type: 'license_keys',
      description: `Key ${tag}`,
      properties: { activations: { limit: 3, enable_customer_admin: true } },
    }),
    await benefit({
      type: 'meter_credit',
      description: `Credits ${tag}`,
      properties: { meter_id: firstId(ids, '/v1/meters'), units: 100, rollover: false },
    }),
  ];
  const product = await call('POST', '/v1/products/', {
    name: `Plan ${tag}`,
    recurring_interval: 'year',
    prices: [{ amount_type: 'fixed', price_amount: 1200 }],
  });
  if (product.status !== 201) throw new Error(`Fixture product: ${product.status} ${JSON.stringify(product.body)}`);
  const attached = await call('POST', `/v1/products/${product.body.id}/benefits`, { benefits });
  if (attached.status !== 200)
    throw new Error(`Fixture product benefits: ${attached.status} ${JSON.stringify(attached.body)}`);
  const subscribed = await subscribe(h, call, { product: product.body.id, start: '2025-01-01T00:00:00Z' });
  const customerId: string = subscribed.subscription.customer_id;
  await eventually(async () => {
    const grants = await call('GET', `/v1/benefit-grants/?customer_id=${customerId}&is_granted=true&limit=100`);
    return grants.status === 200 && grants.body.items.length >= benefits.length;
  });
  return subscribed;
}

/** A one-time product bought with the sandbox's test card, and its order disputed (the dispute stays open). */
async function disputedPurchase(h: TestHarness, call: Call, tag: string): Promise<void> {
  const product = await call('POST', '/v1/products/', {
    name: `Once ${tag}`,
    prices: [{ amount_type: 'fixed', price_amount: 500 }],
  });
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: `disputer-${tag}@example.com`,
    customer_billing_address: { country: 'DE' },
  });
  const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: 'pm_card_visa' },
  });
  if (confirmed.status !== 200)
    throw new Error(`Fixture purchase: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const order = await eventually(async () => {
    const [o] = (await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items;
    return o?.paid && o;
  });
  const dispute = await call('POST', '/v1/disputes/sandbox', { order_id: order.id });
  if (dispute.status !== 201) throw new Error(`Fixture dispute: ${dispute.status} ${JSON.stringify(dispute.body)}`);
}

/** A seat-based subscription of two seats, one assigned to a member at once; the seat's id. */
async function assignedSeat(h: TestHarness, call: Call, tag: string): Promise<string> {
  const product = await call('POST', '/v1/products/', {
    name: `Team ${tag}`,
    recurring_interval: 'month',
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: { seat_tier_type: 'volume', tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 500 }] },
      },
    ],
  });
  const { subscription } = await subscribe(h, call, {
    product: product.body.id,
    seats: 2,
    start: '2025-01-01T00:00:00Z',
  });
  const seat = await call('POST', '/v1/customer-seats', {
    subscription_id: subscription.id,
    email: `seat-${tag}@example.com`,
    immediate_claim: true,
  });
  if (seat.status !== 200) throw new Error(`Fixture seat: ${seat.status} ${JSON.stringify(seat.body)}`);
  return seat.body.id;
}

async function portalCustomer(call: Call, customerId: string): Promise<PortalCustomer> {
  const customer = await call('GET', `/v1/customers/${customerId}`);
  if (customer.status !== 200)
    throw new Error(`Fixture customer ${customerId}: ${customer.status} ${JSON.stringify(customer.body)}`);
  return { id: customerId, email: customer.body.email, token: (await openCustomerSession(call, customerId)).token };
}

/** A new customer session for one of the organization's customers (its member), through `POST /v1/customer-sessions/`. */
export async function openCustomerSession(
  call: Call,
  customerId: string,
  memberId?: string,
): Promise<{ id: string; token: string }> {
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: customerId, member_id: memberId });
  if (session.status !== 201)
    throw new Error(`Customer session for ${customerId}: ${session.status} ${JSON.stringify(session.body)}`);
  return { id: session.body.id, token: session.body.token };
}

/** The tenant's organization token as a `Call`. */
export const callerOf =
  (h: TestHarness, tenant: Pick<Tenant, 'token' | 'environment'>): Call =>
  (method, path, json, headers) =>
    h.request(method, path, { token: tenant.token, environment: tenant.environment, json, headers });

/** The token a route of `audience` takes from this tenant: its organization token, or its main customer's session token. */
export function tokenOf(tenant: Tenant, audience: RouteAudience): string | undefined {
  if (audience === 'organization') return tenant.token;
  if (audience === 'customer') return tenant.customer.token;
  return undefined;
}

/**
 * Reads every list route — the organization's with its token, the portal's with its main customer's session token —
 * and keeps each item's `id` (by collection: portal collections are paths of their own) and `client_secret`.
 */
export async function harvest(h: TestHarness, tenant: Tenant, routes: RouteDefinition[]): Promise<void> {
  for (const route of routes.filter(isListRoute)) {
    const listed = await h.request('GET', `${route.path}?limit=100`, {
      token: tokenOf(tenant, route.audience),
      environment: tenant.environment,
    });
    if (listed.status !== 200) continue; // e.g. test clocks in production
    const items = ((listed.body.items ?? []) as { id?: string; client_secret?: string }[]).filter(
      (item) => item.id !== tenant.tokenId,
    );
    const ids = new Set([
      ...(tenant.ids.get(collectionOf(route.path)) ?? []),
      ...items.flatMap((item) => item.id ?? []),
    ]);
    tenant.ids.set(collectionOf(route.path), [...ids]);
    tenant.clientSecrets.push(...items.flatMap((item) => item.client_secret ?? []));
  }
  tenant.clientSecrets = [...new Set(tenant.clientSecrets)];
}

/**
 * A GET of a collection answering a JSON page (not an export such as `/v1/orders/export`, which is CSV), behind a
 * token (an organization's or a customer's). Other GETs without an id (`…/customer-session/user`) list no items.
 */
export const isListRoute = (route: RouteDefinition): boolean =>
  route.method === 'get' && !route.path.includes(':') && !route.path.endsWith('/export') && route.audience !== 'public';

export const allIds = (tenant: Tenant): string[] => [...new Set([...tenant.ids.values()].flat())];

/** The ids the main customer's portal lists showed (its orders, subscriptions…): its own alone. */
export const portalIds = (tenant: Tenant): string[] => [
  ...new Set([...tenant.ids].filter(([collection]) => collection.startsWith(PORTAL_PREFIX)).flatMap(([, ids]) => ids)),
];

export const PORTAL_PREFIX = '/v1/customer-portal/';

/**
 * Strings that belong to the main portal customer alone (its id, e-mail address, session token, and what its portal
 * lists showed): none may appear in an answer to anybody but that customer and its organization.
 */
export const customerMarksOf = (tenant: Tenant): string[] => [
  tenant.customer.id,
  tenant.customer.email,
  tenant.customer.token,
  ...portalIds(tenant),
];

/** Strings that belong to this tenant alone (its customers' included): none may appear in an answer to anybody else. */
export const marksOf = (tenant: Tenant): string[] => [
  ...new Set([
    tenant.id,
    tenant.token,
    tenant.tag,
    ...allIds(tenant),
    ...tenant.clientSecrets,
    ...customerMarksOf(tenant),
    tenant.otherCustomer.id,
    tenant.otherCustomer.email,
    tenant.otherCustomer.token,
  ]),
];

function firstId(ids: Map<string, string[]>, collection: string): string {
  const id = ids.get(collection)?.[0];
  if (!id) throw new Error(`Fixture needs a resource of ${collection} first`);
  return id;
}
