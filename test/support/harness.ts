// Per test file: both environments' API listeners on free ports (real PostgreSQL, real Temporal), organizations,
// tokens, an HTTP client, and a real worker when a test needs one.
import { tmpdir } from 'node:os';
import { freePort } from './free-port';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, type Worker } from '@temporalio/worker';
import { loadConfig, type Config, type Environment } from '../../src/platform/config';
import { closeEnvironment, openEnvironment, type EnvironmentContext } from '../../src/app/environment';
import { createHttpApp } from '../../src/app/http/app';
import { rateLimitsOf } from '../../src/app/http/rate-limit';
import { closeHttp, listenHttp } from '../../src/app/http/server';
import { inTransaction } from '../../src/platform/database/transaction';
import { createEnvironmentWorker } from '../../src/app/worker';
import type { Scope } from '../../src/domains/organization';
import type { Activities } from '../../activities';
import { recordExchange } from './compat-recorder';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestHarness {
  config: Config;
  env: Record<Environment, EnvironmentContext>;
  url: Record<Environment, string>;
  /** A fresh organization in `environment` and a token for it with `scopes`. */
  organization(scopes: Scope[], environment?: Environment): Promise<{ id: string; token: string }>;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A real worker; `activities` may wrap the real activities (to inject crashes). */
  startWorker(environment?: Environment, activities?: (real: Activities) => Activities): Promise<Worker>;
  close(): Promise<void>;
}

export interface RequestOptions {
  token?: string;
  environment?: Environment;
  json?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function startHarness(overrides: Record<string, string> = {}): Promise<TestHarness> {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SANDBOX_PUBLIC_URL: `http://127.0.0.1:${sandboxPort}`,
    DATA_DIR: join(tmpdir(), `bursar-test-${randomUUID()}`),
    TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
    RATE_LIMIT_IP_PER_SECOND: '100000',
    RATE_LIMIT_ORG_PER_MINUTE: '100000',
    RATE_LIMIT_LICENSE_KEY_PER_SECOND: '100000',
    RATE_LIMIT_CUSTOMER_PER_MINUTE: '100000',
    RATE_LIMIT_OAUTH2_CLIENT_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_HOUR: '100000',
    DATABASE_POOL_MAX: '5',
    ...overrides,
  });
  const connection = await Connection.connect({ address: config.temporalAddress });
  const limits = rateLimitsOf(config);
  const env = {
    production: await openEnvironment(config, 'production', connection),
    sandbox: await openEnvironment(config, 'sandbox', connection),
  };
  const servers: Server[] = [];
  const url = {} as Record<Environment, string>;
  for (const environment of ['production', 'sandbox'] as const) {
    const server = listenHttp(createHttpApp(env[environment], limits), config.ports[environment], '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push(server);
    url[environment] = config.publicUrls[environment];
  }

  const workers: Worker[] = [];
  const workerRuns: Promise<void>[] = [];
  let nativeConnection: NativeConnection | undefined;

  return {
    config,
    env,
    url,
    async organization(scopes, environment = 'production') {
      const context = env[environment];
      return inTransaction(context.orm, async ({ em }) => {
        const organization = await context.domains.organizations.createOrganization(em, {
          name: `Test ${randomUUID()}`,
        });
        const { token } = await context.domains.accessTokens.create(em, organization.id, { scopes });
        return { id: organization.id, token };
      });
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined = options.rawBody;
      if (options.json !== undefined) body = JSON.stringify(options.json);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(`${url[options.environment ?? 'production']}${path}`, { method, headers, body });
      const text = await response.text();
      recordExchange({
        method,
        path,
        requestHeaders: headers,
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: text,
      });
      const json = /json/.test(response.headers.get('content-type') ?? 'json');
      return {
        status: response.status,
        headers: response.headers,
        body: text && json ? JSON.parse(text) : text || undefined,
      };
    },
    async startWorker(environment = 'production', activities) {
      if (!nativeConnection) {
        installQuietRuntime();
        nativeConnection = await NativeConnection.connect({ address: config.temporalAddress });
      }
      // The run's bundle (test/support/global-setup.ts); without one, the worker bundles the workflows itself.
      const workflowBundle = config.WORKFLOW_BUNDLE_PATH ? { codePath: config.WORKFLOW_BUNDLE_PATH } : undefined;
      const worker = await createEnvironmentWorker(env[environment], nativeConnection, { workflowBundle, activities });
      workers.push(worker);
      workerRuns.push(worker.run());
      return worker;
    },
    async close() {
      for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
      await Promise.all(workerRuns);
      await nativeConnection?.close();
      await Promise.all(servers.map((server) => closeHttp(server, 0))); // the tests are over: nothing is in flight
      await Promise.all(Object.values(env).map(closeEnvironment));
      await limits.close();
      await connection.close();
    },
  };
}

/**
 * Worker logs at ERROR only (failing activities, which tests provoke on purpose, log at WARN); the runtime can be
 * installed once per module registry (test file).
 */
function installQuietRuntime(): void {
  try {
    Runtime.install({ logger: new DefaultLogger('ERROR') });
  } catch {
    // already installed for this test file
  }
}

/**
 * Polls `check` every `everyMs` (200) until it returns a truthy value, which it returns. Past `timeoutMs` it fails with
 * an error that says what it waited for: `what` when given, else the check's own source (whitespace collapsed, cut at
 * 200 characters), with the deadline and the last answer.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  options: { what?: string; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) {
      const source = check.toString().replace(/\s+/g, ' ').trim();
      const what = options.what ?? (source.length > 200 ? `${source.slice(0, 199)}…` : source);
      throw new Error(`eventually: not met within ${timeoutMs} ms: ${what} (last answer: ${String(value)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 200));
  }
}
