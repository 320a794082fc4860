// Rate limits answer 429 TooManyRequests with Retry-After, per organization and per client IP.
import { startHarness, type TestHarness } from '../support/harness';

describe('per organization', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startHarness({ RATE_LIMIT_ORG_PER_MINUTE: '5' });
  });
  afterAll(() => h.close());

  test('the sixth request in a minute is 429 with Retry-After; other organizations are unaffected', async () => {
    const busy = await h.organization(['meters:read']);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await h.request('GET', '/v1/meters/', { token: busy.token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const limited = await h.request('GET', '/v1/meters/', { token: busy.token });
    expect(limited.body).toMatchObject({ error: 'TooManyRequests', status: 429 });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const calm = await h.organization(['meters:read']);
    expect((await h.request('GET', '/v1/meters/', { token: calm.token })).status).toBe(200);
  });
});

describe('per IP', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startHarness({ RATE_LIMIT_IP_PER_SECOND: '3' });
  });
  afterAll(() => h.close());

  test('a burst above the per-second budget is 429, even without a token', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => h.request('GET', '/v1/meters/')));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    const limited = responses.find((r) => r.status === 429)!;
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  test('health checks are not rate limited', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => h.request('GET', '/healthz')));
    expect(responses.every((r) => r.status === 200)).toBe(true);
  });
});

describe('with REDIS_URL, counters live in Redis and are shared by every API replica', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let replicaA: TestHarness;
  let replicaB: TestHarness;

  beforeAll(async () => {
    const overrides = { REDIS_URL, RATE_LIMIT_ORG_PER_MINUTE: '4' };
    replicaA = await startHarness(overrides);
    replicaB = await startHarness(overrides);
  });
  afterAll(async () => {
    await replicaA?.close();
    await replicaB?.close();
  });

  test('requests spread over two replicas share one budget', async () => {
    const org = await replicaA.organization(['meters:read']);
    const statuses = [];
    for (const replica of [replicaA, replicaB, replicaA, replicaB, replicaA]) {
      statuses.push((await replica.request('GET', '/v1/meters/', { token: org.token })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
