// The production topology started as `./run start --cluster` starts it (on free ports and databases of its own), and a
// one-time purchase made through its public URLs: paid once, by a workflow that ran on the Temporal cluster (four
// history shards), with both API replicas of each environment answering, then every process stopped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as PgClient } from 'pg';
import Redis from 'ioredis';
import { Client, Connection } from '@temporalio/client';
import { startClusterStack, temporalDatabases, type ClusterStack } from '../../src/app/cluster/cluster-stack';
import { freePorts } from '../../src/app/cluster/ports';
import { closeEnvironment, openEnvironment } from '../../src/app/environment';
import { ENVIRONMENTS, environmentDatabaseUrl } from '../../src/platform/config';
import { inTransaction } from '../../src/platform/database/transaction';
import { checkoutWorkflowId } from '../../workflows/definitions';

/** Its own databases, beside the suite's: `<TEST_DATABASE_URL>_cluster_production`, `…_sandbox`, `…_temporal`, `…_temporal_visibility`. */
const DATABASE_URL = `${process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bursar_test'}_cluster`;

// Stopped however the test ends, even while it is still starting (a timeout): the start gives up at its next step and
// stops what it started; a stack that did start is stopped (again: a no-op once the test has stopped it).
const starting = new AbortController();
let start: Promise<ClusterStack> | undefined;
afterAll(async () => {
  starting.abort();
  await (await start?.catch(() => undefined))?.stop();
});

test('the cluster starts, takes a purchase through its proxies and stops cleanly', async () => {
  const started = Date.now();
  await dropDatabases();
  const [port, sandboxPort] = await freePorts(2);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    BURSAR_SECRET: 'cluster-test-secret-that-is-long-enough-for-hmac',
    DATABASE_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bursar-cluster-')),
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SANDBOX_PUBLIC_URL: `http://127.0.0.1:${sandboxPort}`,
    LOG_LEVEL: 'warn',
  };
  for (const key of ['TEMPORAL_ADDRESS', 'TEMPORAL_UI_URL', 'REDIS_URL', 'SMTP_URL', 'WORKFLOW_BUNDLE_PATH'])
    delete env[key];
  start = startClusterStack({ env, freePorts: true, appLogsToFiles: true, log: () => {}, signal: starting.signal });
  const stack = await start;
  const startSeconds = Math.round((Date.now() - started) / 1000);
  console.log(`cluster stack started in ${startSeconds} s; logs in ${stack.logDir}`);

  // The Temporal cluster: the server we built, on PostgreSQL, more than one history shard.
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const cluster = await connection.workflowService.getClusterInfo({});
  expect(cluster).toMatchObject({ serverVersion: stack.versions.server, persistenceStore: 'postgres12' });
  expect(cluster.historyShardCount).toBeGreaterThan(1);
  expect(Object.values(stack.temporal.services).every((service) => service.running())).toBe(true);
  expect((await fetch(`${stack.temporalUiUrl}/healthz`)).ok).toBe(true);

  // A merchant in the sandbox, made in its database as an operator would (`bursar organization create`, `token create`).
  const sandbox = await openEnvironment(stack.config, 'sandbox', connection);
  const token = await inTransaction(sandbox.orm, async ({ em }) => {
    const organization = await sandbox.domains.organizations.createOrganization(em, {
      name: `Cluster ${randomUUID()}`,
    });
    const scopes = ['checkouts:read', 'checkouts:write', 'products:write', 'orders:read'] as const;
    return (await sandbox.domains.accessTokens.create(em, organization.id, { scopes: [...scopes] })).token;
  });
  await closeEnvironment(sandbox);

  const api = stack.urls.sandbox;
  const call = async (method: string, path: string, json?: unknown, auth = true) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth) headers.authorization = `Bearer ${token}`;
    const body = json === undefined ? undefined : JSON.stringify(json);
    const response = await fetch(`${api}${path}`, { method, headers, body });
    return { status: response.status, body: (await response.json()) as any };
  };
  const product = await call('POST', '/v1/products/', {
    name: 'Cluster handbook',
    prices: [{ amount_type: 'fixed', price_amount: 1500 }],
  });
  expectStatus(product, 201);
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [product.body.id],
    customer_email: 'cluster@example.com',
    customer_billing_address: { country: 'FR', city: 'Paris' },
  });
  expectStatus(checkout, 201);
  const secret = checkout.body.client_secret;
  const confirmed = await call(
    'POST',
    `/v1/checkouts/client/${secret}/confirm`,
    { confirmation_token_id: 'pm_card_visa' },
    false,
  );
  expectStatus(confirmed, 200);

  const orders = () => call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`);
  const paidAt = await waitFor(async () => (await orders()).body.items[0]?.paid === true, 60_000);
  const purchaseSeconds = Math.round((paidAt - started) / 1000) - startSeconds;

  // The checkout's workflow ran on the cluster, on one of the workers, and closed: nothing more can charge or write
  // an order for this checkout, so what is there now is final.
  const client = new Client({ connection, namespace: stack.config.namespaces.sandbox });
  const handle = client.workflow.getHandle(checkoutWorkflowId(checkout.body.id));
  expect(await handle.result()).toBe('succeeded');
  const description = await handle.describe();
  expect(description.taskQueue).toBe(stack.config.TEMPORAL_TASK_QUEUE);
  const events = (await handle.fetchHistory()).events ?? [];
  const charges = events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'chargeCheckout');
  expect(charges).toHaveLength(1);
  const workflowTaskWorkers = new Set(events.flatMap((e) => e.workflowTaskStartedEventAttributes?.identity ?? []));
  const workerPids = stack.workers.map((worker) => String(worker.child.process.pid));
  expect([...workflowTaskWorkers].map(pidOf).every((pid) => workerPids.includes(pid))).toBe(true);

  // Both worker processes poll both environments' namespaces, for workflow and activity tasks (identity: pid@host).
  for (const namespace of Object.values(stack.config.namespaces))
    for (const taskQueueType of [1, 2]) {
      const queue = await connection.workflowService.describeTaskQueue({
        namespace,
        taskQueue: { name: stack.config.TEMPORAL_TASK_QUEUE },
        taskQueueType,
      });
      const pollers = new Set(queue.pollers.map((poller) => pidOf(poller.identity ?? '')));
      expect({ namespace, taskQueueType, pids: [...pollers].sort() }).toEqual({
        namespace,
        taskQueueType,
        pids: [...workerPids].sort(),
      });
    }

  const { body } = await orders();
  expect(body.items).toHaveLength(1);
  expect(body.items[0]).toMatchObject({ paid: true, status: 'paid', total_amount: 1500, billing_reason: 'purchase' });
  expect((await call('GET', `/v1/checkouts/${checkout.body.id}`)).body.status).toBe('succeeded');

  const completedActivities = events.filter((event) => event.activityTaskCompletedEventAttributes);
  expect(completedActivities.length).toBeGreaterThan(0);
  await connection.close();

  // Both replicas of each environment answered through the proxy.
  for (let i = 0; i < 4; i++) expect((await fetch(`${stack.urls.production}/healthz`)).ok).toBe(true);
  for (const environment of ENVIRONMENTS) {
    const served = stack.api.proxies[environment].served;
    expect(served).toHaveLength(2);
    expect(served.every((count) => count > 0)).toBe(true);
  }

  // They share their rate-limit counters in Redis: the login budget (6 a minute per address) runs out on the 7th
  // call although the proxy split the calls between the replicas (each counting alone would have seen 4 and 3).
  const servedBefore = [...stack.api.proxies.sandbox.served];
  const logins: number[] = [];
  for (let i = 0; i < 7; i++)
    logins.push((await call('POST', '/v1/customer-portal/customer-session/authenticate', {}, false)).status);
  expect(logins.slice(0, 6).includes(429)).toBe(false);
  expect(logins[6]).toBe(429);
  const servedNow = stack.api.proxies.sandbox.served.map((count, i) => count - servedBefore[i]);
  expect(servedNow.sort()).toEqual([3, 4]);
  const redis = new Redis(stack.redisUrl);
  const loginKeys = await redis.keys('bursar:rl:login-minute:*');
  expect(loginKeys).toHaveLength(1);
  expect(Number(await redis.get(loginKeys[0]))).toBeGreaterThanOrEqual(7);
  redis.disconnect();

  const children = [
    ...stack.api.replicas.map((replica) => replica.child),
    ...stack.workers.map((worker) => worker.child),
    ...Object.values(stack.temporal.services),
  ];
  const served = ENVIRONMENTS.map((e) => `${e} ${stack.api.proxies[e].served.join('+')}`).join(', ');
  const stopStarted = Date.now();
  await stack.stop();
  const exits = await Promise.all(children.map(async (child) => [child.name, await child.exited] as const));
  expect(exits.filter(([, code]) => code !== 0)).toEqual([]);
  rmSync(env.DATA_DIR!, { recursive: true, force: true }); // kept, with the logs, when the test fails
  console.log(
    `started in ${startSeconds} s, paid ${purchaseSeconds} s later, stopped in ${Math.round((Date.now() - stopStarted) / 1000)} s;` +
      ` history shards ${cluster.historyShardCount}; responses by replica: ${served}`,
  );
});

/** A Temporal SDK identity's process id (`<pid>@<host>`). */
function pidOf(identity: string): string {
  return identity.split('@')[0];
}

/** The answer's status, or a failure that shows its body (the problem's detail). */
function expectStatus(response: { status: number; body: unknown }, status: number): void {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not met within ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now();
}

async function dropDatabases(): Promise<void> {
  const { temporal, visibility } = temporalDatabases(DATABASE_URL);
  const names = [
    ...ENVIRONMENTS.map((e) => new URL(environmentDatabaseUrl(DATABASE_URL, e)).pathname.slice(1)),
    temporal,
    visibility,
  ];
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new PgClient({ connectionString: admin.toString() });
  await client.connect();
  for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
}
