import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressRefused } from '../../src/adapters/http/guarded-dispatcher';
import { postWebhook } from '../../src/adapters/http/webhook-poster';
import { WebhookUrlGuard } from '../../src/domains/webhook/webhook-url-guard';

let server: Server;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push(body);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

// The policy deliveries use: the same guard that judged the endpoint's URL, applied to the address connected to.
const guarded = new WebhookUrlGuard({ allowPrivate: false });
const allowingPrivate = new WebhookUrlGuard({ allowPrivate: true });
const options = { timeoutMs: 2000, refuseAddress: guarded.refusesAddress };

test.each([
  [
    'a name that resolves to loopback',
    () => `http://localhost:${port}/hook`,
    /localhost resolves to 127\.0\.0\.1, which is a private address/,
  ],
  ['an IPv4 literal', () => `http://127.0.0.1:${port}/hook`, /127\.0\.0\.1 is a private address/],
  ['an IPv4-mapped IPv6 literal', () => `http://[::ffff:127.0.0.1]:${port}/hook`, /is a private address/],
])('refuses %s without sending anything', async (_name, url, message) => {
  const before = received.length;
  const attempt = postWebhook(url(), '{"a":1}', {}, options);
  await expect(attempt).rejects.toThrow(AddressRefused);
  await expect(attempt).rejects.toThrow(message);
  expect(received).toHaveLength(before);
});

test('posts through the guarded pool when the address is allowed', async () => {
  const result = await postWebhook(
    `http://localhost:${port}/hook`,
    '{"guarded":true}',
    {},
    { ...options, refuseAddress: () => false },
  );
  expect(result).toMatchObject({ status: 204, error: null });
  expect(received).toContain('{"guarded":true}');
});

test('the operator may allow private receivers (local development): loopback is then delivered to', async () => {
  const result = await postWebhook(
    `http://localhost:${port}/hook`,
    '{"local":true}',
    {},
    { ...options, refuseAddress: allowingPrivate.refusesAddress },
  );
  expect(result).toMatchObject({ status: 204, error: null });
  expect(received).toContain('{"local":true}');
});

test('posts to a private address when no policy is given', async () => {
  const result = await postWebhook(`http://127.0.0.1:${port}/hook`, '{"open":true}', {}, { timeoutMs: 2000 });
  expect(result).toMatchObject({ status: 204, error: null });
});

test('a host that does not resolve is a failed attempt, not a refusal', async () => {
  const result = await postWebhook('http://bursar-no-such-host.invalid/hook', '{}', {}, options);
  expect(result.status).toBeNull();
  expect(result.error).toMatch(/ENOTFOUND|EAI_AGAIN/);
});
