// The hosted pages as HTTP resources: which page a checkout's url and an organization's portal address answer with,
// the strict Content-Security-Policy they carry (framing only by the checkout's embed_origin), and the hashed assets.
import { randomUUID } from 'node:crypto';
import { startHarness, type TestHarness } from '../support/harness';
import type { Call } from '../support/subscriptions';

let h: TestHarness;
let call: Call;
let orgId: string;

beforeAll(async () => {
  h = await startHarness();
  const org = await h.organization(['products:write', 'checkouts:write', 'checkouts:read'], 'sandbox');
  orgId = org.id;
  call = (method, path, json) => h.request(method, path, { token: org.token, environment: 'sandbox', json });
});
afterAll(() => h?.close());

async function checkout(body: Record<string, unknown> = {}) {
  const product = await call('POST', '/v1/products/', {
    name: `Guide ${randomUUID().slice(0, 6)}`,
    prices: [{ amount_type: 'fixed', price_amount: 1000 }],
  });
  const created = await call('POST', '/v1/checkouts/', { products: [product.body.id], ...body });
  expect(created.status).toBe(201);
  return created.body;
}

const page = (url: string) => fetch(url, { redirect: 'manual' });

test("a checkout's url serves its page with a strict CSP that frames it nowhere, and the page's assets", async () => {
  const { url } = await checkout();
  expect(url).toMatch(new RegExp(`^${h.url.sandbox}/checkout/`));
  const response = await page(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const csp = response.headers.get('content-security-policy')!;
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  const html = await response.text();
  const scripts = [...html.matchAll(/<script src="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/checkout-\w+\.js$/)]);
  expect(html).not.toMatch(/<script>(?!<)/); // no inline code: the only other script element is inert JSON
  expect(html).toContain('type="application/json"');
  const asset = await page(`${h.url.sandbox}${scripts[0]}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(asset.headers.get('cache-control')).toContain('immutable');
  expect((await page(`${h.url.sandbox}/assets/checkout-NOPE.js`)).status).toBe(404);
});

test('an embeddable checkout may be framed by its embed_origin only', async () => {
  const { url } = await checkout({ embed_origin: 'https://shop.example.com' });
  const response = await page(url);
  const framing = /(^|; )frame-ancestors https:\/\/shop\.example\.com(;|$)/; // that origin alone, wherever the directive stands
  expect(response.headers.get('content-security-policy')).toMatch(framing);
  expect((await page(`${url}/confirmation`)).headers.get('content-security-policy')).toMatch(framing);
});

test('an unknown checkout is a 404 page, an expired one a 410 page, a completed one links to its confirmation, a failed one says nothing was charged', async () => {
  const unknown = await page(`${h.url.sandbox}/checkout/polar_c_${randomUUID()}`);
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('Page not found');

  const expired = await checkout();
  await h.env.sandbox.orm.em
    .fork()
    .execute(`update checkout set expires_at = now() - interval '1 minute' where id = ?`, [expired.id]);
  const gone = await page(expired.url);
  expect(gone.status).toBe(410);
  expect(await gone.text()).toContain('This checkout has expired');

  const done = await checkout();
  await h.env.sandbox.orm.em.fork().execute(`update checkout set status = 'succeeded' where id = ?`, [done.id]);
  const completed = await page(done.url);
  expect(completed.status).toBe(200);
  const html = await completed.text();
  expect(html).toContain('This checkout is already complete');
  expect(html).toContain(`/checkout/${done.client_secret}/confirmation`);
  expect((await page(`${done.url}/confirmation`)).status).toBe(200);

  const failed = await checkout();
  await h.env.sandbox.orm.em.fork().execute(`update checkout set status = 'failed' where id = ?`, [failed.id]);
  const refused = await page(failed.url);
  expect(refused.status).toBe(200);
  expect(await refused.text()).toContain('This checkout could not be completed');
});

test("the portal address of an organization serves the portal page; an unknown organization's is a 404 page", async () => {
  const [{ slug }] = await h.env.sandbox.orm.em
    .fork()
    .execute<{ slug: string }[]>('select slug from organization where id = ?', [orgId]);
  const portal = await page(`${h.url.sandbox}/portal/${slug}`);
  expect(portal.status).toBe(200);
  expect(portal.headers.get('referrer-policy')).toBe('no-referrer'); // the address may carry a session token
  expect(await portal.text()).toMatch(/\/assets\/portal-\w+\.js/);
  expect((await page(`${h.url.sandbox}/portal/no-such-shop-${randomUUID()}`)).status).toBe(404);
});

test('a NUL in any page path parameter is the page’s 404 (never a 503 the database fakes), in both environments', async () => {
  const { client_secret } = await checkout();
  const secret = `/checkout/${client_secret}%00`;
  const paths = [
    '/checkout/%00',
    '/checkout/x%00y/confirmation',
    `${secret}/confirmation`,
    '/portal/%00',
    '/portal/a%00b',
    '/assets/%00',
  ];
  for (const base of [h.url.sandbox, h.url.production]) {
    for (const path of paths) {
      const response = await page(`${base}${path}`);
      expect([path, response.status, response.headers.get('retry-after')]).toEqual([path, 404, null]);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('Page not found');
    }
  }
});
