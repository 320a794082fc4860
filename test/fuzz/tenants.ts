// Two organizations per environment, each with one real resource of every kind (created through the API), so that
// generated ids reach real rows and another tenant's ids are at hand; then every list route is read to collect the
// ids and client secrets of everything that exists (orders, subscriptions…), whatever routes there are.
import { randomBytes } from 'node:crypto';
import type { Environment } from '../../src/app/config';
import { SCOPES } from '../../src/contracts/scopes';
import type { RouteDefinition } from '../../src/platform/http/route';
import type { TestHarness } from '../support/harness';
import { subscribe, type Call } from '../support/subscriptions';

export interface Tenant {
  id: string;
  token: string;
  environment: Environment;
  /** A random word in every name this tenant's resources carry, to spot them in another tenant's answers. */
  tag: string;
  /** Resource ids by collection path (`/v1/meters`). */
  ids: Map<string, string[]>;
  clientSecrets: string[];
}

export const ENVIRONMENTS: Environment[] = ['production', 'sandbox'];
export const otherEnvironment = (environment: Environment): Environment => (environment === 'production' ? 'sandbox' : 'production');

interface ResourceSpec {
  collection: string;
  body(ids: Map<string, string[]>, tag: string): unknown;
  only?: Environment;
}

/** One valid create body per kind of resource (the part that cannot be derived from the contracts). */
const RESOURCES: ResourceSpec[] = [
  { collection: '/v1/meters/', body: (_, tag) => ({ name: `Meter ${tag}`, filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } }) },
  { collection: '/v1/products/', body: (_, tag) => ({ name: `Product ${tag}`, prices: [{ amount_type: 'fixed', price_amount: 1500 }] }) },
  { collection: '/v1/custom-fields/', body: (_, tag) => ({ type: 'text', slug: `field-${tag}`, name: `Field ${tag}`, properties: { form_label: 'Company' } }) },
  {
    collection: '/v1/discounts/',
    body: (_, tag) => ({ type: 'percentage', basis_points: 1500, duration: 'once', name: `Discount ${tag}`, code: `CODE${tag}` }),
  },
  { collection: '/v1/benefits/', body: (_, tag) => ({ type: 'custom', description: `Benefit ${tag}`, properties: { note: tag } }) },
  { collection: '/v1/customers/', body: (_, tag) => ({ email: `customer-${tag}@example.com`, name: `Customer ${tag}` }) },
  {
    collection: '/v1/webhooks/endpoints',
    body: (_, tag) => ({ url: `https://hooks.example.com/${tag}`, format: 'raw', events: ['order.paid'], name: `Hook ${tag}` }),
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
  { collection: '/v1/checkouts/', body: (ids) => ({ products: [firstId(ids, '/v1/products')], metadata: { fuzz: 'yes' } }) },
  { collection: '/v1/checkout-links/', body: (ids, tag) => ({ payment_processor: 'stripe', product_id: firstId(ids, '/v1/products'), label: `Link ${tag}` }) },
  { collection: '/v1/test-clocks/', body: (_, tag) => ({ name: `Clock ${tag}`, frozen_time: '2025-01-01T00:00:00Z' }), only: 'sandbox' },
];

export const collectionOf = (path: string): string => path.split('/:')[0].replace(/\/$/, '');

export async function createTenant(h: TestHarness, environment: Environment, options = { subscription: true }): Promise<Tenant> {
  const { id, token } = await h.organization([...SCOPES], environment);
  const tenant: Tenant = { id, token, environment, tag: randomBytes(6).toString('hex'), ids: new Map(), clientSecrets: [] };
  const call: Call = (method, path, json, headers) => h.request(method, path, { token, environment, json, headers });
  for (const spec of RESOURCES) {
    if (spec.only && spec.only !== environment) continue;
    const created = await call('POST', spec.collection, spec.body(tenant.ids, tenant.tag));
    if (created.status !== 201) throw new Error(`Fixture ${spec.collection} in ${environment}: ${created.status} ${JSON.stringify(created.body)}`);
    tenant.ids.set(collectionOf(spec.collection), [created.body.id]);
  }
  // A live subscription (and its order) needs a payment, which only the sandbox processor makes here.
  if (environment === 'sandbox' && options.subscription) await subscribe(h, call, { price: 1200, interval: 'year', start: '2025-01-01T00:00:00Z' });
  return tenant;
}

/** Reads every list route and keeps each item's `id` (by collection) and `client_secret`. */
export async function harvest(h: TestHarness, tenant: Tenant, routes: RouteDefinition[]): Promise<void> {
  for (const route of routes.filter(isListRoute)) {
    const listed = await h.request('GET', `${route.path}?limit=100`, { token: tenant.token, environment: tenant.environment });
    if (listed.status !== 200) continue; // e.g. test clocks in production
    const items = (listed.body.items ?? []) as { id?: string; client_secret?: string }[];
    const ids = new Set([...(tenant.ids.get(collectionOf(route.path)) ?? []), ...items.flatMap((item) => item.id ?? [])]);
    tenant.ids.set(collectionOf(route.path), [...ids]);
    tenant.clientSecrets.push(...items.flatMap((item) => item.client_secret ?? []));
  }
  tenant.clientSecrets = [...new Set(tenant.clientSecrets)];
}

/** A GET of a collection answering a JSON page (not an export such as `/v1/orders/export`, which is CSV). */
export const isListRoute = (route: RouteDefinition): boolean =>
  route.method === 'get' && !route.path.includes(':') && !route.path.endsWith('/export') && route.scopes !== null;

export const allIds = (tenant: Tenant): string[] => [...new Set([...tenant.ids.values()].flat())];

/** Strings that belong to this tenant alone: none may appear in an answer to anybody else. */
export const marksOf = (tenant: Tenant): string[] => [tenant.id, tenant.tag, ...allIds(tenant), ...tenant.clientSecrets];

function firstId(ids: Map<string, string[]>, collection: string): string {
  const id = ids.get(collection)?.[0];
  if (!id) throw new Error(`Fixture needs a resource of ${collection} first`);
  return id;
}
