// No secret in a full run's logs: a sandbox merchant's whole day over real HTTP, its flows on a real `bursar worker`
// process logging at DEBUG — an organization token, a webhook endpoint and its signing secret, a license-key product
// bought by card number through a checkout's client secret (once declined, once paid), a customer session token, a
// portal login code. Every line the API (in this process) and the worker (stdout and stderr) wrote is JSON, the
// requests' access lines and the flows' lines carry their ids, and not one of those secrets appears anywhere.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { eventually, startHarness, type ApiResponse, type TestHarness } from '../support/harness';
import { captureLogs, type CapturedLogs, type LogLine } from '../support/log-capture';
import { waitForMail } from '../support/mail-catcher';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { startWorkerProcess } from '../support/worker-process';

const SCOPES = [
  'products:write',
  'products:read',
  'checkouts:write',
  'checkouts:read',
  'orders:read',
  'customers:write',
  'customers:read',
  'benefits:write',
  'license_keys:read',
  'webhooks:write',
  'customer_sessions:write',
] as const;
const CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000000000000002';

let h: TestHarness;
let api: CapturedLogs;
let worker: ChildProcess;
let receiver: Receiver;
let workerOutput = '';
/** Each request the test made, by the request id it was answered with: its route and status. */
const requests = new Map<string, { route: string; status: number; organization: boolean }>();

beforeAll(async () => {
  api = captureLogs('debug');
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  receiver = await startReceiver();
  worker = await startWorkerProcess(h, {
    env: { LOG_LEVEL: 'debug', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
    output: (text) => (workerOutput += text),
  });
}, 60_000);
afterAll(async () => {
  api?.restore();
  if (worker && worker.exitCode === null) {
    worker.kill('SIGINT');
    await new Promise((resolve) => worker.once('close', resolve));
  }
  await receiver?.close();
  await h?.close();
});

test('a full run logs JSON lines with request, organization and workflow ids, and never a secret', async () => {
  const org = await h.organization([...SCOPES], 'sandbox');
  const send = async (route: string, method: string, path: string, options: { token?: string; json?: unknown }) => {
    const response: ApiResponse = await h.request(method, path, { environment: 'sandbox', ...options });
    const requestId = response.headers.get('x-request-id')!;
    requests.set(requestId, { route, status: response.status, organization: options.token === org.token });
    return response;
  };
  const call = (method: string, route: string, path = route, json?: unknown) =>
    send(route, method, path, { token: org.token, json });

  const endpoint = await call('POST', '/v1/webhooks/endpoints', undefined, {
    url: receiver.url,
    format: 'raw',
    events: ['order.paid'],
  });
  expect(endpoint.status).toBe(201);
  const benefit = await call('POST', '/v1/benefits/', undefined, {
    type: 'license_keys',
    description: 'Desktop licence',
    properties: { prefix: 'acme' },
  });
  const product = await call('POST', '/v1/products/', undefined, {
    name: 'Acme Desktop',
    prices: [{ amount_type: 'fixed', price_amount: 4_900 }],
  });
  const productId = product.body.id as string;
  const attach = await call('POST', '/v1/products/:id/benefits', `/v1/products/${productId}/benefits`, {
    benefits: [benefit.body.id],
  });
  expect(attach.status).toBe(200);

  const email = `buyer-${randomUUID()}@example.com`;
  const checkout = await call('POST', '/v1/checkouts/', undefined, {
    products: [productId],
    customer_email: email,
    customer_billing_address: { country: 'DE' },
  });
  expect(checkout.status).toBe(201);
  const clientSecret = checkout.body.client_secret as string;
  const confirm = (card: string) =>
    send('/v1/checkouts/client/:client_secret/confirm', 'POST', `/v1/checkouts/client/${clientSecret}/confirm`, {
      json: { confirmation_token_id: card },
    });
  expect((await confirm(DECLINED_CARD)).status).toBe(200);
  await eventually(async () => {
    const read = await call('GET', '/v1/checkouts/:id', `/v1/checkouts/${checkout.body.id}`);
    return read.body.status === 'open' && read.body.payment_error;
  });
  expect((await confirm(CARD)).status).toBe(200);

  const order = await eventually(async () => {
    const [paid] = (await call('GET', '/v1/orders/', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items;
    return paid?.paid && paid;
  }, 30_000);
  const key = await eventually(
    async () =>
      (await call('GET', '/v1/license-keys/', `/v1/license-keys/?benefit_id=${benefit.body.id}`)).body.items[0],
    30_000,
  );
  await eventually(async () => receiver.received.find((r) => r.json.type === 'order.paid'), 30_000);

  const session = await call('POST', '/v1/customer-sessions/', undefined, { customer_id: order.customer_id });
  expect(session.status).toBe(201);
  const portal = await send('/v1/customer-portal/customers/me', 'GET', '/v1/customer-portal/customers/me', {
    token: session.body.token,
  });
  expect(portal.status).toBe(200);
  const loginRequest = await send(
    '/v1/customer-portal/customer-session/request',
    'POST',
    '/v1/customer-portal/customer-session/request',
    { json: { email, organization_id: org.id } },
  );
  expect(loginRequest.status).toBe(202);
  const codeIn = (subject: string) => /\b([A-Z0-9]{6})\b is your/.exec(subject)?.[1];
  const code = codeIn((await waitForMail(email, (mail) => Boolean(codeIn(mail.subject)))).subject)!;
  const signedIn = await send(
    '/v1/customer-portal/customer-session/authenticate',
    'POST',
    '/v1/customer-portal/customer-session/authenticate',
    { json: { code, email, organization_id: org.id } },
  );
  expect(signedIn.status).toBe(200);

  // The worker stops once its flows are done (the login code's e-mail was its last); 'close' comes once its stdout and
  // stderr are read to their end ('exit' may come before their last lines): all it logged is in workerOutput.
  worker.kill('SIGINT');
  expect(await new Promise((resolve) => worker.once('close', resolve))).toBe(0);

  const secrets: Record<string, string> = {
    'organization access token': org.token,
    'webhook signing secret': endpoint.body.secret,
    'checkout client secret': clientSecret,
    'card number': CARD.replace(/ /g, ''),
    'card number as typed': CARD,
    'declined card number': DECLINED_CARD,
    'license key': key.key,
    'customer session token': session.body.token,
    'portal session token': signedIn.body.token,
    'login code': code,
    BURSAR_SECRET: h.config.BURSAR_SECRET,
    ...(new URL(h.config.DATABASE_URL).password && { 'database password': new URL(h.config.DATABASE_URL).password }),
  };
  for (const value of Object.values(secrets)) expect(value).toEqual(expect.any(String));

  const workerLines = jsonLines(workerOutput, 'worker');
  const everything = api.text() + workerOutput;
  const leaked = Object.entries(secrets).filter(([, value]) => everything.includes(value));
  expect(leaked.map(([name]) => name)).toEqual([]);

  // One access line per request, with its route template, status, environment and (for a merchant's) organization.
  expect(requests.size).toBeGreaterThan(12);
  const access = new Map(api.lines.filter((l) => l.msg === 'request').map((l) => [l.request_id, l]));
  for (const [requestId, { route, status, organization }] of requests) {
    expect(access.get(requestId)).toMatchObject({
      level: status >= 500 ? 'error' : 'info',
      service: 'test',
      environment: 'sandbox',
      method: expect.any(String),
      route,
      status,
      duration_ms: expect.any(Number),
      ...(organization && { organization_id: org.id }),
      ...(status >= 400 && { error_code: expect.any(String) }),
    });
  }

  // The worker's own lines: JSON, of the worker service, with the workflow and run of the flow they belong to.
  expect(workerLines.every((l) => l.service === 'worker' && typeof l.level === 'string')).toBe(true);
  const checkoutLines = workerLines.filter((l) => l.workflow_id === `checkout:${checkout.body.id}`);
  expect(checkoutLines).toContainEqual(
    expect.objectContaining({ msg: 'Workflow started', run_id: expect.any(String), environment: 'sandbox' }),
  );
  expect(checkoutLines).toContainEqual(
    expect.objectContaining({
      activity_type: expect.any(String),
      run_id: expect.any(String),
      namespace: expect.any(String),
    }),
  );
});

/** Every line written, parsed: a line that is not a JSON object fails the test, naming it. */
function jsonLines(text: string, writer: string): LogLine[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`the ${writer} wrote a line that is not JSON: ${line.slice(0, 300)}`);
      }
    });
}
