// A dependency that goes down makes the API answer 503 ServiceUnavailable with Retry-After — never 500 — and the API
// recovers by itself once it is back. The API reaches PostgreSQL and Temporal through TCP proxies this test cuts
// (every open connection too) and restores on the same port, without touching the shared PostgreSQL.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { DriverException } from '@mikro-orm/core';
import { ServiceError } from '@temporalio/client';
import { unavailableDependency } from '../../src/app/http/dependency-errors';
import { startHarness, eventually, type TestHarness } from '../support/harness';
import { freePort } from '../support/free-port';
import { TEST_DATABASE_URL } from '../support/test-env';

/** A TCP proxy that can be cut (refusing connections and resetting open ones) and restored on the same port. */
async function tcpProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const up = () =>
    new Promise<void>((resolve, reject) => {
      if (server?.listening) return resolve();
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject).listen(port, '127.0.0.1', resolve);
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.resetAndDestroy();
      if (!server?.listening) return resolve();
      server.close(() => resolve());
    });
  await up();
  return { port, up, down };
}

type Proxy = Awaited<ReturnType<typeof tcpProxy>>;

let h: TestHarness;
let token: string;
let postgres: Proxy;
let temporal: Proxy;

beforeAll(async () => {
  const database = new URL(TEST_DATABASE_URL);
  postgres = await tcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
  database.port = String(postgres.port);
  const [temporalHost, temporalPort] = process.env.TEMPORAL_ADDRESS!.split(':');
  temporal = await tcpProxy({ host: temporalHost, port: Number(temporalPort) });
  h = await startHarness({ DATABASE_URL: database.toString(), TEMPORAL_ADDRESS: `127.0.0.1:${temporal.port}` });
  await h.startWorker('sandbox');
  token = (
    await h.organization(['customers:read', 'customers:write', 'test_clocks:read', 'test_clocks:write'], 'sandbox')
  ).token;
});
afterAll(async () => {
  await Promise.all([postgres.up(), temporal.up()]);
  await h.close();
  await Promise.all([postgres.down(), temporal.down()]);
});

function expectUnavailable(answer: { status: number; body: any; headers: Headers }, detail: RegExp) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.body).toEqual({
    type: 'urn:bursar:error:service-unavailable',
    title: 'Service Unavailable',
    detail: expect.stringMatching(detail),
    status: 503,
    request_id: answer.headers.get('x-request-id'),
    error: 'ServiceUnavailable',
  });
}

const request = (method: string, path: string, json?: unknown) =>
  h.request(method, path, { environment: 'sandbox', json, token });

test('PostgreSQL down: 503 with Retry-After on reads and writes, then the pool reconnects by itself', async () => {
  expect((await request('GET', '/v1/customers/')).status).toBe(200);

  await postgres.down(); // the pool's open connections are reset, new ones refused
  expectUnavailable(await request('GET', '/v1/customers/'), /database is unavailable/);
  expectUnavailable(
    await request('POST', '/v1/customers/', { email: 'outage@example.com' }),
    /database is unavailable/,
  );

  await postgres.up();
  await eventually(async () => (await request('GET', '/v1/customers/')).status === 200);
  expect((await request('POST', '/v1/customers/', { email: 'after-outage@example.com' })).status).toBe(201);
});

test('Temporal down: 503 with Retry-After where a workflow is needed, the rest still served, then recovery', async () => {
  const clock = (await request('POST', '/v1/test-clocks/', { frozen_time: '2025-01-01T00:00:00Z' })).body;
  const sameTime = () => request('POST', `/v1/test-clocks/${clock.id}/advance`, { frozen_time: clock.frozen_time });
  expect((await sameTime()).status).toBe(422); // the clock's workflow refuses a clock that does not move

  await temporal.down();
  expectUnavailable(await sameTime(), /workflow engine is unavailable/);
  expect((await request('GET', `/v1/test-clocks/${clock.id}`)).status).toBe(200);

  await temporal.up();
  await eventually(async () => (await sameTime()).status === 422, 60_000);
}, 120_000);

// The outages PostgreSQL and Temporal report in other ways than a refused connection, as their drivers throw them.
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const grpcError = (code: number) =>
  Object.assign(new Error(`${code} status`), { code, details: 'status', metadata: {} });

test.each([
  [
    '57P01 admin_shutdown',
    new DriverException(pgError('57P01', 'terminating connection due to administrator command')),
    'database',
  ],
  ['57P03 cannot_connect_now', pgError('57P03', 'the database system is shutting down'), 'database'],
  ['08006 connection_failure', pgError('08006', 'connection failure'), 'database'],
  ['a connection that died mid-query', new Error('Connection terminated unexpectedly'), 'database'],
  [
    'a pool acquire timeout',
    Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
      name: 'KnexTimeoutError',
    }),
    'database',
  ],
  ['ECONNRESET from the driver', new DriverException(pgError('ECONNRESET', 'read ECONNRESET')), 'database'],
  [
    'gRPC UNAVAILABLE inside a ServiceError',
    new ServiceError('Failed to start Workflow', { cause: grpcError(14) }),
    'temporal',
  ],
  ['gRPC DEADLINE_EXCEEDED', grpcError(4), 'temporal'],
  ['a unique violation', new DriverException(pgError('23505', 'duplicate key value')), null],
  ['gRPC NOT_FOUND', new ServiceError('not found', { cause: grpcError(5) }), null],
  ['a plain bug', new TypeError('x is undefined'), null],
])('%s', (_name, error, dependency) => {
  expect(unavailableDependency(error)).toBe(dependency);
});
