// Operational endpoints: liveness, readiness (PostgreSQL and Temporal reachable) and the generated OpenAPI document.
import { startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

test('/healthz answers without credentials, per environment', async () => {
  for (const environment of ['production', 'sandbox'] as const) {
    const response = await h.request('GET', '/healthz', { environment });
    expect(response).toMatchObject({ status: 200, body: { status: 'ok', environment } });
  }
});

test('/readyz reports PostgreSQL and Temporal reachable', async () => {
  const response = await h.request('GET', '/readyz');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({
    status: 'ready',
    environment: 'production',
    checks: { postgres: true, temporal: true },
  });
});

test('every response carries a request id, and a sane incoming one is kept', async () => {
  const generated = await h.request('GET', '/healthz');
  expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  const kept = await h.request('GET', '/v1/meters/', { headers: { 'x-request-id': 'trace-123' } });
  expect(kept.headers.get('x-request-id')).toBe('trace-123');
  expect(kept.body.request_id).toBe('trace-123');
});

test('/openapi.json is OpenAPI 3.1 generated from the contracts, every reference resolving', async () => {
  const { status, body: doc } = await h.request('GET', '/openapi.json');
  expect(status).toBe(200);
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths['/v1/meters/']).sort()).toEqual(['get', 'post']);
  expect(Object.keys(doc.paths['/v1/meters/{id}']).sort()).toEqual(['get', 'patch']);
  expect(Object.keys(doc.paths['/v1/products/{id}/benefits'])).toEqual(['post']);
  for (const path of ['/v1/products/', '/v1/discounts/', '/v1/benefits/', '/v1/custom-fields/', '/v1/files/']) {
    expect(Object.keys(doc.paths[path]).sort()).toEqual(['get', 'post']);
  }
  expect(doc.paths['/v1/files/{id}'].delete.responses).toHaveProperty('204');
  expect(doc.paths['/v1/discounts/{id}'].delete.responses).toHaveProperty('204');

  const create = doc.paths['/v1/meters/'].post;
  expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '422', '429']));
  expect(create.security).toEqual([{ organization_access_token: ['meters:write'] }]);
  expect(create.parameters.map((p: { name: string }) => p.name)).toContain('X-Idempotency-Key');
  const listParams = doc.paths['/v1/meters/'].get.parameters.map((p: { name: string }) => p.name);
  expect(listParams).toEqual(
    expect.arrayContaining(['page', 'limit', 'sorting', 'organization_id', 'query', 'is_archived', 'metadata']),
  );

  expect(Object.keys(doc.components.schemas)).toEqual(
    expect.arrayContaining(['Product', 'ProductPrice', 'Discount', 'Benefit', 'FileUpload', 'CustomField']),
  );
  const meter = doc.components.schemas.Meter;
  expect(meter.required).toEqual(
    expect.arrayContaining(['id', 'name', 'filter', 'aggregation', 'organization_id', 'archived_at']),
  );

  for (const path of ['/openapi.json', '/2026-04/openapi.json', '/2026-10/openapi.json', '/2027-01/openapi.json']) {
    const { body: versioned } = await h.request('GET', path);
    const refs = [...JSON.stringify(versioned).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(versioned.components.schemas).toHaveProperty([ref]);
  }
});
