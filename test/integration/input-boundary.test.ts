// Regressions of the defects a hostile client found (issue 12): what PostgreSQL cannot store, integers past their
// columns, unbounded collections, odd charsets and oversized headers are refused at the door with a documented 4xx.
import { request as httpRequest } from 'node:http';
import { z } from 'zod';
import { ErrorBody, ValidationErrorBody } from '../../src/contracts/error-body';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };
const scopes = [
  'products:write',
  'meters:write',
  'custom_fields:write',
  'discounts:write',
  'benefits:write',
  'customers:write',
  'checkouts:write',
  'checkout_links:write',
  'webhooks:write',
  'test_clocks:write',
] as const;
const raw = (method: string, path: string, rawBody: string, headers: Record<string, string> = {}) =>
  h.request(method, path, { token: org.token, environment: 'sandbox', rawBody, headers });
const call = (method: string, path: string, json?: unknown) =>
  h.request(method, path, { token: org.token, environment: 'sandbox', json });

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization([...scopes], 'sandbox');
});
afterAll(() => h.close());

const METADATA_CREATES = [
  '/v1/meters/',
  '/v1/products/',
  '/v1/custom-fields/',
  '/v1/discounts/',
  '/v1/benefits/',
  '/v1/customers/',
  '/v1/checkouts/',
  '/v1/checkout-links/',
];

test.each(METADATA_CREATES)(
  'POST %s: a lone surrogate in metadata is a 422 at its location, not a 500',
  async (path) => {
    const response = await raw('POST', path, '{"metadata": {"k": "\\ud800"}}');
    expect(response.status).toBe(422);
    expect(legacy(ValidationErrorBody).parse(response.body).detail).toEqual([
      expect.objectContaining({ loc: ['body', 'metadata', 'k'], type: 'string_unicode' }),
    ]);
  },
);

test('lone surrogates in names, descriptions and keys are refused; well-formed pairs (emoji) are stored', async () => {
  const name = await raw('POST', '/v1/products/', '{"name": "Pro \\udc00", "prices": [{"amount_type": "free"}]}');
  expect(name.status).toBe(422);
  const description = await raw(
    'POST',
    '/v1/benefits/',
    '{"type": "custom", "description": "\\ud83d", "properties": {}}',
  );
  expect(description.status).toBe(422);
  const key = await raw('POST', '/v1/customers/', '{"email": "k@example.com", "metadata": {"\\ud800": 1}}');
  expect(key.body.detail[0]).toMatchObject({ loc: ['body', 'metadata'], type: 'string_unicode' });
  const emoji = await call('POST', '/v1/products/', { name: 'Pro 🚀', prices: [{ amount_type: 'free' }] });
  expect(emoji.status).toBe(201);
  expect(emoji.body.name).toBe('Pro 🚀');
});

test('integers beyond 2^53 lose precision in JSON and are refused; floats in metadata are kept', async () => {
  const unsafe = await raw(
    'POST',
    '/v1/customers/',
    '{"email": "big@example.com", "metadata": {"n": 9007199254740993}}',
  );
  expect(unsafe.status).toBe(422);
  expect(unsafe.body.detail[0]).toMatchObject({ loc: ['body', 'metadata', 'n'], type: 'int_unsafe' });
  const float = await call('POST', '/v1/customers/', {
    email: 'float@example.com',
    metadata: { ratio: 0.25, n: 9007199254740991 },
  });
  expect(float.status).toBe(201);
  expect(float.body.metadata).toEqual({ ratio: 0.25, n: 9007199254740991 });
});

describe('checkout amounts past int4', () => {
  let product: { id: string };
  beforeAll(async () => {
    product = (
      await call('POST', '/v1/products/', {
        name: 'Pay what you want',
        prices: [{ amount_type: 'custom', minimum_amount: 100 }],
      })
    ).body;
  });

  test('POST, PATCH and the public PATCH answer 422 for amount ≥ 2^31', async () => {
    const created = await call('POST', '/v1/checkouts/', { products: [product.id], amount: 2 ** 31 });
    expect(created.status).toBe(422);
    expect(created.body.detail[0].loc).toEqual(['body', 'amount']);
    const checkout = await call('POST', '/v1/checkouts/', { products: [product.id] });
    expect(checkout.status).toBe(201);
    expect((await call('PATCH', `/v1/checkouts/${checkout.body.id}`, { amount: 2 ** 31 })).status).toBe(422);
    const client = await h.request('PATCH', `/v1/checkouts/client/${checkout.body.client_secret}`, {
      environment: 'sandbox',
      json: { amount: 2 ** 31 },
    });
    expect(client.status).toBe(422);
    expect((await call('GET', `/v1/checkouts/${checkout.body.id}`)).body.amount).toBe(100);
  });

  test('the public link redirect: NUL in a prefill is a 422, an out-of-range amount is ignored', async () => {
    const link = await call('POST', '/v1/checkout-links/', { payment_processor: 'stripe', product_id: product.id });
    for (const query of [
      'customer_name=%00',
      'utm_source=%00',
      'reference_id=%00',
      'customer_email=a%00@b.co',
      'discount_code=%00',
    ]) {
      const response = await fetch(`${link.body.url}?${query}`, { redirect: 'manual' });
      expect([query, response.status]).toEqual([query, 422]);
      expect(legacy(ValidationErrorBody).parse(await response.json())).toBeTruthy();
    }
    const response = await fetch(`${link.body.url}?amount=2147483648&customer_name=Ada`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    const secret = response.headers.get('location')!.split('/checkout/')[1];
    const session = await h.request('GET', `/v1/checkouts/client/${secret}`, { environment: 'sandbox' });
    expect(session.body).toMatchObject({ amount: 100, customer_name: 'Ada' });
  });

  test('a prefill cut to its length never leaves half an emoji behind', async () => {
    const link = await call('POST', '/v1/checkout-links/', {
      payment_processor: 'stripe',
      product_id: product.id,
      metadata: { campaign: 'spring' },
    });
    const emoji = encodeURIComponent('😀'.repeat(300));
    const response = await fetch(`${link.body.url}?customer_name=${emoji}&utm_source=${emoji}`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    const secret = response.headers.get('location')!.split('/checkout/')[1];
    const session = await h.request('GET', `/v1/checkouts/client/${secret}`, { environment: 'sandbox' });
    expect(session.body.customer_name).toBe('😀'.repeat(127));
  });

  test('a prefill that does not fit the link is dropped: unknown custom fields, metadata past 50 keys', async () => {
    const full = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    const link = await call('POST', '/v1/checkout-links/', {
      payment_processor: 'stripe',
      product_id: product.id,
      metadata: full,
    });
    const response = await fetch(`${link.body.url}?custom_field_data.nope=1&utm_source=news&reference_id=r`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(307);
    const secret = response.headers.get('location')!.split('/checkout/')[1];
    const session = await h.request('GET', `/v1/checkouts/client/${secret}`, { environment: 'sandbox' });
    const checkout = await call('GET', `/v1/checkouts/${session.body.id}`);
    expect(checkout.body.metadata).toEqual(full);
    expect(checkout.body.custom_field_data).toEqual({});
  });

  test('timestamps outside the years 1–9999 are a 422, not a database error', async () => {
    const discount = await call('POST', '/v1/discounts/', {
      name: 'd',
      type: 'percentage',
      basis_points: 100,
      duration: 'once',
      starts_at: '0000-01-01T00:00:00Z',
    });
    expect(discount.status).toBe(422);
    expect(discount.body.detail[0].loc).toEqual(['body', 'starts_at']);
    const clock = await call('POST', '/v1/test-clocks/', { frozen_time: '9999-12-31T23:59:59-23:59' });
    expect(clock.status).toBe(422);
  });

  test('seats whose price exceeds the largest charge are refused, not overflowed', async () => {
    const seats = await call('POST', '/v1/products/', {
      name: 'Seats',
      prices: [{ amount_type: 'seat_based', seat_tiers: { tiers: [{ min_seats: 1, price_per_seat: 99_999_999 }] } }],
    });
    expect(seats.status).toBe(201);
    const checkout = await call('POST', '/v1/checkouts/', { products: [seats.body.id], seats: 100 });
    expect(checkout.status).toBe(422);
    expect(checkout.body.detail[0].loc).toEqual(['body', 'seats']);
  });
});

test('a path secret with NUL is a 422, not a database error', async () => {
  const response = await h.request('GET', '/v1/checkouts/client/abc%00def', { environment: 'sandbox' });
  expect(response.status).toBe(422);
  expect(response.body.detail[0]).toMatchObject({ loc: ['path', 'client_secret'], type: 'string_nul' });
});

test('an idempotent webhook endpoint create keeps no secret outside its sealed column, yet replays it', async () => {
  const headers = { 'content-type': 'application/json', 'x-idempotency-key': 'endpoint-1' };
  const body = JSON.stringify({ url: 'https://hooks.example.com/bursar', format: 'raw', events: ['order.created'] });
  const first = await raw('POST', '/v1/webhooks/endpoints', body, headers);
  expect(first.status).toBe(201);
  const secret: string = first.body.secret;
  const [stored] = await h.env.sandbox.orm.em
    .fork()
    .execute<{ response_body: unknown }[]>(
      'select response_body from idempotency_key where organization_id = ? and key = ?',
      [org.id, 'endpoint-1'],
    );
  expect(JSON.stringify(stored.response_body)).not.toContain(secret);
  const replay = await raw('POST', '/v1/webhooks/endpoints', body, headers);
  expect(replay.status).toBe(201);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body).toEqual(first.body);
});

test('ten concurrent creates of one custom-field slug: one 201, the rest the same 422 as a late duplicate', async () => {
  const create = () => call('POST', '/v1/custom-fields/', { type: 'text', slug: 'race', name: 'Race', properties: {} });
  const statuses = (await Promise.all(Array.from({ length: 10 }, create))).map((r) => r.status).sort();
  expect(statuses).toEqual([201, ...Array(9).fill(422)]);
  expect((await create()).status).toBe(422);
});

test('ten concurrent identical customer creates: one 201, the rest 422 like a later duplicate', async () => {
  const create = () => call('POST', '/v1/customers/', { email: 'same@example.com' });
  const statuses = (await Promise.all(Array.from({ length: 10 }, create))).map((r) => r.status).sort();
  expect(statuses).toEqual([201, ...Array(9).fill(422)]);
});

test('concurrent creates sharing an external id: one customer is created, none answers with another one', async () => {
  const responses = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      call('POST', '/v1/customers/', { email: `s${i}@example.com`, external_id: 'ext-race' }),
    ),
  );
  const created = responses.filter((r) => r.status === 201);
  expect(created).toHaveLength(1);
  expect(responses.filter((r) => r.status === 422)).toHaveLength(11);
  const winner = responses.indexOf(created[0]);
  expect(created[0].body).toMatchObject({ email: `s${winner}@example.com`, external_id: 'ext-race' });
});

test('a meter filter is bounded: 101 clauses in all are refused, nested or not', async () => {
  const clause = { property: 'name', operator: 'eq', value: 'x' };
  const meter = (clauses: unknown[]) => ({
    name: 'Calls',
    filter: { conjunction: 'and', clauses },
    aggregation: { func: 'count' },
  });
  expect((await call('POST', '/v1/meters/', meter(Array(100).fill(clause)))).status).toBe(201);
  expect((await call('POST', '/v1/meters/', meter(Array(101).fill(clause)))).status).toBe(422);
  const nested = Array.from({ length: 4 }, () => ({ conjunction: 'or', clauses: Array(30).fill(clause) }));
  expect((await call('POST', '/v1/meters/', meter(nested))).status).toBe(422);
});

test('only UTF-8 bodies are read: another charset is a 415, invalid UTF-8 a 400', async () => {
  const latin1 = await raw('POST', '/v1/customers/', '{"email": "l@example.com"}', {
    'content-type': 'application/json; charset=latin1',
  });
  expect(latin1.status).toBe(415);
  expect(legacy(ErrorBody).parse(latin1.body).error).toBe('UnsupportedMediaType');
  const utf8 = await raw('POST', '/v1/customers/', '{"email": "u@example.com"}', {
    'content-type': 'application/json; charset=UTF-8',
  });
  expect(utf8.status).toBe(201);
  const invalid = await fetch(`${h.url.sandbox}/v1/customers/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
    body: Buffer.concat([
      Buffer.from('{"email": "x@example.com", "name": "'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]),
  });
  expect(invalid.status).toBe(400);
  expect(legacy(ErrorBody).parse(await invalid.json()).error).toBe('BadRequest');
});

test('more than 100 query parameters are a 422', async () => {
  const query = Array.from({ length: 101 }, (_, i) => `metadata[k${i}]=v`).join('&');
  const response = await call('GET', `/v1/customers/?${query}`);
  expect(response.status).toBe(422);
});

test('headers over 16 KB get a 431 with the documented error body', async () => {
  const { port } = new URL(h.url.sandbox);
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/v1/customers/', headers: { 'x-padding': 'a'.repeat(20_000) } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.end();
  });
  expect(status).toBe(431);
  expect(legacy(ErrorBody).parse(JSON.parse(body))).toMatchObject({
    status: 431,
    error: 'RequestHeaderFieldsTooLarge',
  });
});

/**
 * Every integer a client sends fits int4, but for byte sizes and offsets of uploads (bigint columns) and a date
 * custom field's bounds (Unix seconds, in jsonb).
 */
const WIDE_FIELDS = new Set(['size', 'chunk_start', 'chunk_end', 'ge', 'le']);

test('every body contract bounds its integers (int4, or bigint for byte sizes), arrays and free-keyed records', () => {
  const unbounded: string[] = [];
  const walk = (schema: Record<string, unknown>, at: string) => {
    const limit = WIDE_FIELDS.has(at.split('.').at(-1)!) ? Number.MAX_SAFE_INTEGER : 2 ** 31 - 1;
    const [max, min] = [schema.maximum as number, (schema.minimum ?? schema.exclusiveMinimum) as number];
    if (schema.type === 'integer' && !(max <= limit && min >= -limit - 1)) unbounded.push(at);
    if (schema.type === 'array' && schema.maxItems === undefined) unbounded.push(at);
    const freeKeys =
      typeof schema.additionalProperties === 'object' && !(schema.propertyNames as { enum?: unknown })?.enum;
    if (schema.type === 'object' && freeKeys && schema.maxProperties === undefined) unbounded.push(at);
    for (const [key, child] of Object.entries(schema)) {
      if (key === 'properties')
        for (const [name, property] of Object.entries(child as object)) walk(property, `${at}.${name}`);
      else if (child && typeof child === 'object') walk(child as Record<string, unknown>, at);
    }
  };
  const routes = h.env.production.domains.routes.filter((route) => route.body);
  expect(routes.length).toBeGreaterThan(20);
  for (const route of routes)
    walk(
      z.toJSONSchema(route.body!, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
      `${route.method} ${route.path}`,
    );
  expect(unbounded).toEqual([]);
});

describe('URLs holding a line break, a tab or another control character are refused, never stored rewritten', () => {
  const INJECTED = [
    'https://shop.example/back\r\nSet-Cookie: a=b',
    'https://shop.example/\nback',
    'https://shop.example/\tback',
    ' https://shop.example/',
  ];
  let send: (method: string, path: string, json: unknown) => ReturnType<typeof call>;
  let ids: { organization: string; product: string; checkout: string; customer: string };

  beforeAll(async () => {
    const scopes = [
      'products:write',
      'checkouts:write',
      'checkout_links:write',
      'customers:write',
      'customer_sessions:write',
      'webhooks:write',
    ];
    const merchant = await h.organization(
      [...scopes, 'organizations:write', 'organization_access_tokens:write'] as never[],
      'sandbox',
    );
    send = (method, path, json) => h.request(method, path, { token: merchant.token, environment: 'sandbox', json });
    const product = await send('POST', '/v1/products/', {
      name: 'Guide',
      prices: [{ amount_type: 'fixed', price_amount: 1000 }],
    });
    const checkout = await send('POST', '/v1/checkouts/', { products: [product.body.id] });
    const customer = await send('POST', '/v1/customers/', { email: 'url@example.com' });
    ids = {
      organization: merchant.id,
      product: product.body.id,
      checkout: checkout.body.id,
      customer: customer.body.id,
    };
  });

  const FIELDS: [string, string, string, () => string, (url: string) => Record<string, unknown>][] = [
    [
      'POST',
      '/v1/checkouts/',
      'return_url',
      () => '/v1/checkouts/',
      (url) => ({ products: [ids.product], return_url: url }),
    ],
    [
      'POST',
      '/v1/checkouts/',
      'success_url',
      () => '/v1/checkouts/',
      (url) => ({ products: [ids.product], success_url: url }),
    ],
    [
      'POST',
      '/v1/checkouts/',
      'embed_origin',
      () => '/v1/checkouts/',
      (url) => ({ products: [ids.product], embed_origin: url }),
    ],
    [
      'PATCH',
      '/v1/checkouts/{id}',
      'return_url',
      () => `/v1/checkouts/${ids.checkout}`,
      (url) => ({ return_url: url }),
    ],
    [
      'PATCH',
      '/v1/checkouts/{id}',
      'success_url',
      () => `/v1/checkouts/${ids.checkout}`,
      (url) => ({ success_url: url }),
    ],
    [
      'POST',
      '/v1/checkout-links/',
      'return_url',
      () => '/v1/checkout-links/',
      (url) => ({ payment_processor: 'stripe', product_id: ids.product, return_url: url }),
    ],
    [
      'POST',
      '/v1/checkout-links/',
      'success_url',
      () => '/v1/checkout-links/',
      (url) => ({ payment_processor: 'stripe', product_id: ids.product, success_url: url }),
    ],
    [
      'POST',
      '/v1/customer-sessions/',
      'return_url',
      () => '/v1/customer-sessions/',
      (url) => ({ customer_id: ids.customer, return_url: url }),
    ],
    [
      'POST',
      '/v1/webhooks/endpoints',
      'url',
      () => '/v1/webhooks/endpoints',
      (url) => ({ url, format: 'raw', events: ['order.paid'] }),
    ],
    [
      'PATCH',
      '/v1/organizations/{id}',
      'website',
      () => `/v1/organizations/${ids.organization}`,
      (url) => ({ website: url }),
    ],
    [
      'POST',
      '/v1/oauth2/register',
      'redirect_uris',
      () => '/v1/oauth2/register',
      (url) => ({ client_name: 'App', redirect_uris: [url] }),
    ],
  ];

  test.each(FIELDS)('%s %s: %s is a 422 at its location', async (method, _route, field, path, body) => {
    for (const url of INJECTED) {
      const response = await send(method, path(), body(url));
      expect([url, response.status]).toEqual([url, 422]);
      const [issue] = legacy(ValidationErrorBody).parse(response.body).detail;
      expect(issue.loc.slice(0, 2)).toEqual(['body', field]);
      expect(issue.msg).toMatch(/line breaks, tabs or other control characters/);
    }
  });

  test('the same URLs without the break are taken as sent', async () => {
    const created = await send('POST', '/v1/checkouts/', {
      products: [ids.product],
      return_url: 'https://shop.example/back?x=1',
    });
    expect([created.status, created.body.return_url]).toEqual([201, 'https://shop.example/back?x=1']);
  });
});
