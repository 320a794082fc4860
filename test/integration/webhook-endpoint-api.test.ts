// Webhook endpoints over HTTP: validation (URL policy, known event types), secrets shown once, CRUD and isolation.
import { hostname } from 'node:os';
import { WebhookEndpoint, WebhookEndpointList } from '../../src/contracts/webhook-endpoint';
import { resolveHost } from '../../src/adapters/http/resolve-host';
import { isPublicAddress } from '../../src/domains/webhook/webhook-address.logic';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };
const post = (json: unknown, environment: 'production' | 'sandbox' = 'production', token = org.token) =>
  h.request('POST', '/v1/webhooks/endpoints', { token, environment, json });

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['webhooks:read', 'webhooks:write']);
});
afterAll(() => h.close());

test('create answers 201 with the secret; reads mask it', async () => {
  const created = await post({
    url: 'https://hooks.example.com/bursar',
    format: 'raw',
    events: ['order.paid', 'subscription.active'],
    name: 'Billing',
  });
  expect(created.status).toBe(201);
  expect(legacy(WebhookEndpoint).parse(created.body)).toBeTruthy();
  expect(created.body).toMatchObject({
    url: 'https://hooks.example.com/bursar',
    name: 'Billing',
    format: 'raw',
    enabled: true,
    disabled_reason: null,
    events: ['order.paid', 'subscription.active'],
  });
  expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

  const read = await h.request('GET', `/v1/webhooks/endpoints/${created.body.id}`, { token: org.token });
  expect(read.body.secret).toBe(`whsec_********${created.body.secret.slice(-4)}`);
  const listed = await h.request('GET', '/v1/webhooks/endpoints', { token: org.token });
  expect(legacy(WebhookEndpointList).parse(listed.body)).toBeTruthy();
  expect(listed.body.items.every((e: { secret: string }) => e.secret.includes('********'))).toBe(true);

  const stored = await h.env.production.orm.em
    .fork()
    .execute('select secret_sealed from webhook_endpoint where id = ?', [created.body.id]);
  expect(stored[0].secret_sealed).not.toContain(created.body.secret.slice(6, 20));
});

test.each([
  ['http in production', { url: 'http://hooks.example.com/x' }, 'production', /https/],
  ['a loopback address', { url: 'https://127.0.0.1/x' }, 'production', /Private, loopback/],
  ['the IPv6 loopback address', { url: 'https://[::1]/x' }, 'production', /Private, loopback/],
  ['a private address', { url: 'https://10.0.0.8/x' }, 'production', /Private, loopback/],
  ['link-local metadata', { url: 'https://169.254.169.254/x' }, 'production', /Private, loopback/],
  ['localhost in production', { url: 'https://localhost/x' }, 'production', /Private, loopback/],
  ['not a URL', { url: 'hooks' }, 'production', /URL/i],
  ['an unknown event type', { events: ['product.exploded'] }, 'production', /expected one of/],
  ['an unknown format', { format: 'xml' }, 'production', /expected "raw"/],
] as const)('%s is a 422', async (_name, change, environment, message) => {
  const response = await post(
    { url: 'https://hooks.example.com/x', format: 'raw', events: ['order.paid'], ...change },
    environment,
  );
  expect(response.status).toBe(422);
  expect(response.body.detail.map((d: { msg: string }) => d.msg).join(' ')).toMatch(message);
});

const refusedUrl = {
  error: 'RequestValidationError',
  status: 422,
  type: 'urn:bursar:error:request-validation-error',
  detail: [
    {
      loc: ['body', 'url'],
      msg: expect.stringMatching(/^Private, loopback, link-local and other non-public addresses/),
      type: 'url_refused',
    },
  ],
};

// One of each kind the hostile client tried (a loopback name, an embedded IPv4, a reserved range); the unit table of
// test/unit/webhook-url-policy.test.ts holds every address it sent.
test.each(['https://localhost./', 'https://[2002:7f00:1::]/', 'https://198.18.0.1/'])(
  '%s is refused with a 422 on body.url, on create and on update',
  async (url) => {
    const created = await post({ url, format: 'raw', events: ['order.paid'] });
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject(refusedUrl);
    const endpoint = await post({ url: 'https://hooks.example.com/x', format: 'raw', events: ['order.paid'] });
    const updated = await h.request('PATCH', `/v1/webhooks/endpoints/${endpoint.body.id}`, {
      token: org.token,
      json: { url },
    });
    expect(updated.status).toBe(422);
    expect(updated.body).toMatchObject(refusedUrl);
    expect((await h.request('GET', `/v1/webhooks/endpoints/${endpoint.body.id}`, { token: org.token })).body.url).toBe(
      'https://hooks.example.com/x',
    );
  },
);

test("a name that resolves to a non-public address is refused (this machine's own host name)", async () => {
  const name = hostname();
  const addresses = await resolveHost(name);
  expect(addresses.length).toBeGreaterThan(0);
  expect(addresses.some(isPublicAddress)).toBe(false);
  const response = await post({ url: `https://${name}/hooks`, format: 'raw', events: ['order.paid'] });
  expect(response.status).toBe(422);
  expect(response.body).toMatchObject(refusedUrl);
  expect(response.body.detail[0].msg).toContain(`(${name} resolves to `);
});

test('the sandbox refuses loopback too: a tenant must not reach this machine’s own services', async () => {
  const sandboxOrg = await h.organization(['webhooks:write'], 'sandbox');
  for (const url of ['http://localhost:3000/webhooks', 'https://127.0.0.1:8000/v1/meters/']) {
    const response = await post({ url, format: 'raw', events: ['order.paid'] }, 'sandbox', sandboxOrg.token);
    expect([url, response.status]).toEqual([url, 422]);
  }
});

test('update, reset secret, delete; other organizations get 404', async () => {
  const created = await post({ url: 'https://hooks.example.com/a', format: 'raw', events: ['order.paid'] });
  const updated = await h.request('PATCH', `/v1/webhooks/endpoints/${created.body.id}`, {
    token: org.token,
    json: { url: 'https://hooks.example.com/b', events: ['order.created'], enabled: false },
  });
  expect(updated.body).toMatchObject({ url: 'https://hooks.example.com/b', events: ['order.created'], enabled: false });
  const badUrl = await h.request('PATCH', `/v1/webhooks/endpoints/${created.body.id}`, {
    token: org.token,
    json: { url: 'https://192.168.0.1/' },
  });
  expect(badUrl.status).toBe(422);

  const reset = await h.request('PATCH', `/v1/webhooks/endpoints/${created.body.id}/secret`, { token: org.token });
  expect(reset.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(reset.body.secret).not.toBe(created.body.secret);

  const other = await h.organization(['webhooks:read', 'webhooks:write']);
  for (const [method, path] of [
    ['GET', ''],
    ['PATCH', ''],
    ['PATCH', '/secret'],
    ['DELETE', ''],
  ] as const) {
    const response = await h.request(method, `/v1/webhooks/endpoints/${created.body.id}${path}`, {
      token: other.token,
      json: method === 'PATCH' && !path ? { name: 'x' } : undefined,
    });
    expect(response.status).toBe(404);
  }
  expect((await h.request('DELETE', `/v1/webhooks/endpoints/${created.body.id}`, { token: org.token })).status).toBe(
    204,
  );
  expect((await h.request('GET', `/v1/webhooks/endpoints/${created.body.id}`, { token: org.token })).status).toBe(404);
});

test('webhooks scopes are required', async () => {
  const reader = await h.organization(['webhooks:read']);
  expect((await h.request('GET', '/v1/webhooks/endpoints', { token: reader.token })).status).toBe(200);
  expect(
    (await post({ url: 'https://hooks.example.com/x', format: 'raw', events: [] }, 'production', reader.token)).status,
  ).toBe(403);
  expect(
    (await h.request('GET', '/v1/webhooks/deliveries', { token: (await h.organization(['meters:read'])).token }))
      .status,
  ).toBe(403);
});

test('delivery log query parameters are validated', async () => {
  expect((await h.request('GET', '/v1/webhooks/deliveries?http_code_class=6xx', { token: org.token })).status).toBe(
    422,
  );
  expect((await h.request('GET', '/v1/webhooks/deliveries?event_type=nope', { token: org.token })).status).toBe(422);
  expect(
    (await h.request('GET', '/v1/webhooks/deliveries?start_timestamp=yesterday', { token: org.token })).status,
  ).toBe(422);
  const empty = await h.request('GET', '/v1/webhooks/deliveries?event_type=order.paid&succeeded=true', {
    token: org.token,
  });
  expect(empty.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
});
