// What the benchmarks stand on, laid out as `bursar start` lays out the stack: a headless Temporal dev server (or the
// cluster's server with BENCH_TEMPORAL=cluster, bench/bench-temporal.ts), a mail
// catcher (receipts are sent as in production), one migrated environment on the local PostgreSQL (database
// `bursar_bench_<environment>`), and the real worker (`bursar worker`) in processes of its own; the benchmark's process
// is the client (and, with startBenchApi, the API).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Connection } from '@temporalio/client';
import { loadConfig, type Environment } from '../src/platform/config';
import { closeEnvironment, openEnvironment, type EnvironmentContext } from '../src/app/environment';
import { migrate } from '../src/app/database';
import { startMailCatcher } from '../src/app/mail-catcher';
import { ensureSearchAttributes } from '../src/app/temporal';
import type { Scope } from '../src/contracts/scopes';
import { inTransaction } from '../src/platform/database/transaction';
import { freePort } from '../test/support/free-port';
import { startBareEngine, type BareEngine } from './baseline/bare-engine';
import { startBenchTemporal } from './bench-temporal';
import type { Processes } from './measure/cost';
import { spawnNode, stopProcess } from './measure/processes';

const BURSAR = resolve(__dirname, '../bin/bursar.js');

export interface BenchStack {
  env: EnvironmentContext;
  /** The worker processes' ids (for their memory: peakRssMiB). */
  workerPids: number[];
  /** Each role's processes, for their CPU time and SQL counts (bench/measure/cost.ts). */
  processes: Processes;
  /** The bare engine on the same server, namespace and database: each flow's shape with no business work. */
  startBare(): Promise<BareEngine>;
  /** The variables Bursar's processes run with. */
  variables: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

export async function startBenchStack(
  environment: Environment,
  settings: Record<string, string> = {},
  { workers = 1 }: { workers?: number } = {},
): Promise<BenchStack> {
  const namespace = `bursar-bench-${environment}`;
  const server = await startBenchTemporal(namespace, 'postgres://postgres@127.0.0.1:5432/postgres');
  const mailDir = mkdtempSync(join(tmpdir(), 'bursar-bench-mail-'));
  const countsDir = mkdtempSync(join(tmpdir(), 'bursar-bench-sql-'));
  process.env.BENCH_SQL_COUNTS_DIR = countsDir; // where the children's counters write, read by bench/measure/cost.ts
  const mail = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort(), dir: mailDir });
  const namespaceKey = environment === 'production' ? 'TEMPORAL_NAMESPACE_PRODUCTION' : 'TEMPORAL_NAMESPACE_SANDBOX';
  const variables = {
    ...process.env,
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bursar_bench',
    TEMPORAL_ADDRESS: server.address,
    SMTP_URL: mail.smtpUrl,
    [namespaceKey]: namespace,
    // Several workers on one machine would want the same metrics ports: the bench processes serve none.
    METRICS_PORT: '0',
    WORKER_METRICS_PORT: '0',
    TEMPORAL_METRICS_PORT: '0',
    ...settings,
  };
  const config = loadConfig(variables);
  await migrate(config.databaseUrls[environment]);
  const connection = await Connection.connect({ address: server.address });
  await ensureSearchAttributes(connection, namespace);
  const env = await openEnvironment(config, environment, connection);
  const children = await Promise.all(
    Array.from({ length: workers }, () =>
      spawnNode(BURSAR, ['worker', '--env', environment], variables, 'worker: polling'),
    ),
  );
  // A benchmark that fails exits without stop(): its helper processes must not outlive it.
  process.once('exit', () =>
    [...server.pids, mail.process.pid!].forEach((pid) => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }),
  );
  const bare: BareEngine[] = [];
  const processes: Processes = {
    worker: children.map((child) => child.pid!),
    temporal: server.pids,
    client: [process.pid],
  };
  return {
    env,
    workerPids: processes.worker,
    processes,
    variables,
    async startBare() {
      const engine = await startBareEngine({
        ...variables,
        DATABASE_URL: config.databaseUrls[environment],
        TEMPORAL_ADDRESS: server.address,
        TEMPORAL_NAMESPACE: namespace,
      });
      bare.push(engine);
      return engine;
    },
    async stop() {
      await Promise.all([...children.map(stopProcess), ...bare.map((engine) => engine.stop())]);
      await closeEnvironment(env);
      await connection.close();
      await server.stop();
      await mail.stop();
      rmSync(mailDir, { recursive: true, force: true });
      rmSync(countsDir, { recursive: true, force: true });
    },
  };
}

/** The peak resident memory of a process so far (Linux: VmHWM), in MiB. */
export function peakRssMiB(pid: number | 'self'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
}

/** The sandbox stack with its API (`bursar api`) in a process of its own on a free port, rate limits out of the way. */
export async function startBenchApi(): Promise<BenchStack & { base: string }> {
  const port = await freePort();
  const stack = await startBenchStack('sandbox', {
    SANDBOX_PORT: String(port),
    SANDBOX_PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_IP_PER_SECOND: '1000000',
    RATE_LIMIT_ORG_PER_MINUTE: '1000000',
    RATE_LIMIT_LICENSE_KEY_PER_SECOND: '1000000',
  });
  const api = await spawnNode(BURSAR, ['api', '--env', 'sandbox'], stack.variables, 'api: sandbox on');
  stack.processes.api = [api.pid!];
  return {
    ...stack,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await stopProcess(api);
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
