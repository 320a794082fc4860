// What the benchmarks stand on, laid out as `bursar start` lays out the stack: a headless Temporal dev server, a mail
// catcher (receipts are sent as in production), one migrated environment on the local PostgreSQL (database
// `bursar_bench_<environment>`), and the real worker (`bursar worker`) in processes of its own; the benchmark's process
// is the client (and, with startBenchApi, the API).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Connection } from '@temporalio/client';
import { loadConfig, type Environment } from '../src/platform/config';
import { closeEnvironment, openEnvironment, type EnvironmentContext } from '../src/app/environment';
import { migrate } from '../src/app/database';
import { startMailCatcher } from '../src/app/mail-catcher';
import { workerHeapLimit } from '../src/app/stack';
import { createHttpApp } from '../src/app/http/app';
import { RateLimits } from '../src/app/http/rate-limit';
import { ensureSearchAttributes } from '../src/app/temporal';
import { startDevServer, temporalCliPath } from '../src/app/temporal-dev-server';
import type { Scope } from '../src/contracts/scopes';
import { inTransaction } from '../src/platform/database/transaction';
import { freePort } from '../test/support/free-port';

const BURSAR = resolve(__dirname, '../bin/bursar.js');

export interface BenchStack {
  env: EnvironmentContext;
  /** The worker processes' ids (for their memory: peakRssMiB). */
  workerPids: number[];
  stop(): Promise<void>;
}

export async function startBenchStack(
  environment: Environment,
  settings: Record<string, string> = {},
  { workers = 1 }: { workers?: number } = {},
): Promise<BenchStack> {
  const namespace = `bursar-bench-${environment}`;
  const server = await startDevServer({ cliPath: temporalCliPath(), port: await freePort(), namespaces: [namespace] });
  const mailDir = mkdtempSync(join(tmpdir(), 'bursar-bench-mail-'));
  const mail = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort(), dir: mailDir });
  const namespaceKey = environment === 'production' ? 'TEMPORAL_NAMESPACE_PRODUCTION' : 'TEMPORAL_NAMESPACE_SANDBOX';
  const variables = {
    ...process.env,
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bursar_bench',
    TEMPORAL_ADDRESS: server.address,
    SMTP_URL: mail.smtpUrl,
    [namespaceKey]: namespace,
    ...settings,
  };
  const config = loadConfig(variables);
  await migrate(config.databaseUrls[environment]);
  const connection = await Connection.connect({ address: server.address });
  await ensureSearchAttributes(connection, namespace);
  const env = await openEnvironment(config, environment, connection);
  const children = await Promise.all(Array.from({ length: workers }, () => startWorkerProcess(environment, variables)));
  // A benchmark that fails exits without stop(): its helper processes must not outlive it.
  process.once('exit', () =>
    [...children, server.process, mail.process].forEach((child) => child.exitCode === null && child.kill('SIGKILL')),
  );
  return {
    env,
    workerPids: children.map((child) => child.pid!),
    async stop() {
      await Promise.all(children.map(stopProcess));
      await closeEnvironment(env);
      await connection.close();
      await server.stop();
      await mail.stop();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/** `bursar worker --env <environment>`, resolved once it polls. */
function startWorkerProcess(environment: Environment, variables: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // BENCH_PROFILE_DIR: each worker writes a V8 CPU profile there when it stops (bench/README.md reads them).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
  const child = spawn(process.execPath, [...profile, ...workerHeapLimit(), BURSAR, 'worker', '--env', environment], {
    env: variables,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before polling`)));
    child.stdout!.on('data', (data: Buffer) => {
      process.stdout.write(data); // the worker's own output, shown with the benchmark's
      if (data.toString().includes('worker: polling')) resolve(child);
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The peak resident memory of a process so far (Linux: VmHWM), in MiB. */
export function peakRssMiB(pid: number | 'self'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
}

/** The sandbox stack with its API listening on a free port and rate limits out of the way (the benchmarks' client). */
export async function startBenchApi(): Promise<BenchStack & { base: string }> {
  const port = await freePort();
  const stack = await startBenchStack('sandbox', {
    SANDBOX_PORT: String(port),
    SANDBOX_PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_IP_PER_SECOND: '1000000',
    RATE_LIMIT_ORG_PER_MINUTE: '1000000',
  });
  const limits = new RateLimits({ perIpPerSecond: 1e6, perOrganizationPerMinute: 1e6, licenseKeyPerSecond: 1e6 });
  const http = createHttpApp(stack.env, limits).listen(port, '127.0.0.1');
  return {
    env: stack.env,
    workerPids: stack.workerPids,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      http.close();
      await limits.close();
      await stack.stop();
    },
  };
}

/**
 * A new organization with an access token carrying `scopes`, and a JSON client of the benchmark's API: `api(method,
 * path, body, auth)` sends the token unless `auth` is false and throws on an answer other than 2xx.
 */
export async function benchOrganization({ env, base }: { env: EnvironmentContext; base: string }, scopes: Scope[]) {
  const { organizationId, token } = await inTransaction(env.orm, async ({ em }) => {
    const org = await env.domains.organizations.createOrganization(em, { name: `Bench ${randomUUID()}` });
    const access = await env.domains.accessTokens.create(em, org.id, { scopes });
    return { organizationId: org.id, token: access.token };
  });
  const api = async (method: string, path: string, body?: unknown, auth = true): Promise<any> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return { organizationId, token, api };
}

/** The p-th percentile of figures sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One printed figure of a benchmark, as the report shows it beside its baseline and target. */
export interface Figure {
  /** What was measured, e.g. "checkout create → confirm → order paid p50". */
  name: string;
  value: number;
  unit: string;
  /** The same quantity measured for the bare engine underneath in the same run, when there is one. */
  baseline?: { name: string; value: number };
  /** The target, e.g. "≤ 150". */
  target?: string;
}

/**
 * Hands a benchmark's figures (and raw series for the plots: latencies in ms, completion times in ms from the start…)
 * to `bench/run-all.ts` through the file BENCH_RESULTS_DIR/<benchmark>.json; without BENCH_RESULTS_DIR it does nothing
 * (every benchmark prints its figures anyway).
 */
export function writeResults(
  benchmark: string,
  results: { figures: Figure[]; series?: Record<string, number[]> },
): void {
  const dir = process.env.BENCH_RESULTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${benchmark}.json`), JSON.stringify({ benchmark, ...results }, null, 1));
}
