// The customer portal's budgets: 300 requests a minute per customer (its own, not its organization's), and the
// e-mail code login's per client IP — 6 a minute and 12 an hour (request and authenticate together), then a
// 15-minute block — answered 429 with Retry-After.
import { startHarness, type TestHarness } from '../support/harness';

const harnesses: TestHarness[] = [];
afterAll(() => Promise.all(harnesses.map((h) => h.close())));

async function loginCalls(limits: Record<string, string>) {
  const h = await startHarness(limits);
  harnesses.push(h);
  const org = await h.organization(['customers:read']);
  return (kind: 'request' | 'authenticate', headers?: Record<string, string>) =>
    h.request('POST', `/v1/customer-portal/customer-session/${kind}`, {
      json: {
        email: 'someone@example.com',
        organization_id: org.id,
        ...(kind === 'authenticate' && { code: 'ABC123' }),
      },
      headers,
    });
}

function expectBlocked(response: { status: number; headers: Headers; body: any }) {
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({ error: 'TooManyRequests', detail: expect.stringMatching(/login attempts/) });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
}

test('six calls a minute, then 15 minutes blocked, for both routes', async () => {
  const call = await loginCalls({ RATE_LIMIT_LOGIN_PER_MINUTE: '6', RATE_LIMIT_LOGIN_PER_HOUR: '12' });
  for (let i = 0; i < 3; i++) expect((await call('request')).status).toBe(202);
  for (let i = 0; i < 3; i++) expect((await call('authenticate')).status).toBe(401);
  expectBlocked(await call('request'));
  expectBlocked(await call('authenticate'));
});

test('twelve an hour, then blocked, even when each minute stays under its budget', async () => {
  const call = await loginCalls({ RATE_LIMIT_LOGIN_PER_MINUTE: '100', RATE_LIMIT_LOGIN_PER_HOUR: '12' });
  for (let i = 0; i < 12; i++) expect((await call('authenticate')).status).toBe(401);
  expectBlocked(await call('request'));
});

test("each customer's own budget a minute, apart from its organization's and other customers'", async () => {
  const h = await startHarness({ RATE_LIMIT_CUSTOMER_PER_MINUTE: '5', RATE_LIMIT_ORG_PER_MINUTE: '8' });
  harnesses.push(h);
  const org = await h.organization(['customers:write', 'customer_sessions:write']);
  const tokens: string[] = [];
  for (const email of ['one@example.com', 'two@example.com']) {
    const customer = await h.request('POST', '/v1/customers/', { token: org.token, json: { email } });
    tokens.push(
      (await h.request('POST', '/v1/customer-sessions/', { token: org.token, json: { customer_id: customer.body.id } }))
        .body.token,
    );
  }
  const me = (token: string) => h.request('GET', '/v1/customer-portal/customer-session/user', { token });
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await me(tokens[0])).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  const limited = await me(tokens[0]);
  expect(limited.body).toMatchObject({ error: 'TooManyRequests' });
  expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  expect((await me(tokens[1])).status).toBe(200);
  expect((await h.request('GET', '/v1/customers/', { token: org.token })).status).toBe(200);
});

test('behind a load balancer, the address it appended counts, not the ones the client put before it', async () => {
  const call = await loginCalls({
    TRUST_PROXY: 'true',
    RATE_LIMIT_LOGIN_PER_MINUTE: '6',
    RATE_LIMIT_LOGIN_PER_HOUR: '12',
  });
  const via = (spoofed: string) => ({ 'x-forwarded-for': `${spoofed}, 198.51.100.9` });
  for (let i = 0; i < 6; i++) expect((await call('authenticate', via(`203.0.113.${i}`))).status).toBe(401);
  expectBlocked(await call('authenticate', via('203.0.113.99')));
  expect((await call('authenticate', { 'x-forwarded-for': '198.51.100.10' })).status).toBe(401);
});
