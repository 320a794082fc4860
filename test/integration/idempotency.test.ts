// X-Idempotency-Key on creates: replay, concurrent duplicates, a reused key with another body, per-organization scope.
import { startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
let org: { id: string; token: string };

const body = (name: string) => ({ name, filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } });
const create = (key: string, json: unknown, token = org.token) =>
  h.request('POST', '/v1/meters/', { token, json, headers: { 'x-idempotency-key': key } });
const countMeters = async (organizationId: string) =>
  Number(
    (
      await h.env.production.orm.em
        .fork()
        .execute('select count(*)::int as n from meter where organization_id = ?', [organizationId])
    )[0].n,
  );

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['meters:read', 'meters:write']);
});
afterAll(() => h.close());

test('a repeated key returns the stored response and creates nothing new', async () => {
  const first = await create('key-replay', body('Replayed'));
  expect(first.status).toBe(201);
  const again = await create('key-replay', body('Replayed'));
  expect(again.status).toBe(201);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(await countMeters(org.id)).toBe(1);
});

test('concurrent duplicates create exactly one meter and all get its response', async () => {
  const other = await h.organization(['meters:write']);
  const responses = await Promise.all(Array.from({ length: 12 }, () => create('key-race', body('Raced'), other.token)));
  expect(responses.map((r) => r.status)).toEqual(Array(12).fill(201));
  expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
  expect(await countMeters(other.id)).toBe(1);
});

test('the same key with a different body is rejected with 409 and creates nothing', async () => {
  const other = await h.organization(['meters:write']);
  await create('key-mismatch', body('First'), other.token);
  const conflicting = await create('key-mismatch', body('Second'), other.token);
  expect(conflicting.status).toBe(409);
  expect(conflicting.body).toMatchObject({ error: 'IdempotencyKeyReused', status: 409 });
  expect(await countMeters(other.id)).toBe(1);
});

test('keys are scoped to the organization', async () => {
  const a = await h.organization(['meters:write']);
  const b = await h.organization(['meters:write']);
  const fromA = await create('shared-key', body('Same'), a.token);
  const fromB = await create('shared-key', body('Same'), b.token);
  expect(fromB.body.id).not.toBe(fromA.body.id);
  expect(fromB.body.organization_id).toBe(b.id);
});

test('a failed request does not consume its key', async () => {
  const other = await h.organization(['meters:write']);
  const invalid = await create('key-after-error', { name: 'x' }, other.token);
  expect(invalid.status).toBe(422);
  const valid = await create('key-after-error', body('Valid'), other.token);
  expect(valid.status).toBe(201);
});

test('a key older than 24 hours no longer replays', async () => {
  const other = await h.organization(['meters:write']);
  const first = await create('key-expired', body('Old'), other.token);
  await h.env.production.orm.em
    .fork()
    .execute(
      "update idempotency_key set created_at = now() - interval '25 hours' where organization_id = ? and key = ?",
      [other.id, 'key-expired'],
    );
  const second = await create('key-expired', body('Old'), other.token);
  expect(second.status).toBe(201);
  expect(second.body.id).not.toBe(first.body.id);
});

test('an over-long key is a 422 on the header', async () => {
  const response = await create('k'.repeat(256), body('Long'));
  expect(response.status).toBe(422);
  expect(response.body.detail[0].loc).toEqual(['header', 'x-idempotency-key']);
});
