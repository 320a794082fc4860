// Concurrent validations of one key share one guarded UPDATE: every validation is counted once, each answer carries its
// own count, and a refused batch still gives each call its precise refusal.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ValidationBatches } from '../../src/domains/benefit/license-key/validation-batches';
import { systemClock } from '../../src/kernel/clock';
import { startHarness, type TestHarness } from '../support/harness';
import { issueLicenseKey, type KeyMerchant } from '../support/license-keys';

let h: TestHarness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function merchant(): Promise<KeyMerchant> {
  const org = await h.organization(['customers:write', 'benefits:write', 'license_keys:read', 'license_keys:write']);
  return { id: org.id, call: (method, path, json) => h.request(method, path, { token: org.token, json }) };
}

const app = (json: unknown) => h.request('POST', '/v1/customer-portal/license-keys/validate', { json });

test('concurrent validations of one key: each counted once, each answered with its own count', async () => {
  const m = await merchant();
  const issued = await issueLicenseKey(h, m);
  const body = { key: issued.key.key, organization_id: m.id };
  const answers = await Promise.all(Array.from({ length: 12 }, () => app(body)));
  expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
  expect(answers.map((r) => r.body.validations).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 12 }, (_, i) => i + 1),
  );
  expect(answers.every((r) => r.body.usage === 0 && r.body.customer.id === issued.customerId)).toBe(true);
  const after = await m.call('GET', `/v1/license-keys/${issued.key.id}`);
  expect(after.body).toMatchObject({ validations: 12, usage: 0 });
});

test('a refused batch: each call gets the precise refusal, nothing is counted', async () => {
  const m = await merchant();
  const issued = await issueLicenseKey(h, m);
  const wrongBenefit = { key: issued.key.key, organization_id: m.id, benefit_id: randomUUID() };
  const refused = await Promise.all(Array.from({ length: 6 }, () => app(wrongBenefit)));
  expect(new Set(refused.map((r) => `${r.status} ${r.body.detail}`)).size).toBe(1);
  expect(refused[0].status).not.toBe(200);
  const single = await app(wrongBenefit);
  expect(`${single.status} ${single.body.detail}`).toBe(`${refused[0].status} ${refused[0].body.detail}`);
  expect((await m.call('GET', `/v1/license-keys/${issued.key.id}`)).body.validations).toBe(0);
});

test('the validations that wait for an UPDATE under way are counted by the next one together', async () => {
  const m = await merchant();
  const issued = await issueLicenseKey(h, m);
  const em = h.env.production.orm.em.fork() as EntityManager;
  const statements = jest.spyOn(em, 'execute');
  const batches = new ValidationBatches(systemClock);
  const body = { key: issued.key.key, organization_id: m.id, conditions: {} };
  const counted = await Promise.all(Array.from({ length: 5 }, () => batches.count(em, m.id, body)));
  expect(statements).toHaveBeenCalledTimes(2); // the first alone, then the four that came meanwhile
  expect(counted.map((c) => c?.key.validations)).toEqual([1, 2, 3, 4, 5]);
  // with usage added, each call is counted (and its limit checked) on its own
  const adding = await Promise.all(
    Array.from({ length: 3 }, () => batches.count(em, m.id, { ...body, increment_usage: 1 })),
  );
  expect(statements).toHaveBeenCalledTimes(5);
  expect(adding.map((c) => c?.key.usage).sort()).toEqual([1, 2, 3]);
});
