// The production topology on one machine (`bursar start --cluster`, the cluster test, the benchmarks): a Temporal
// cluster of four service processes on PostgreSQL, its Web UI, Redis for the shared rate-limit counters, two worker
// processes and two API replicas per environment behind a round-robin proxy on the public ports.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { loadConfig, type Config, type Environment } from '../../platform/config';
import { startMailCatcher, type MailCatcher } from '../mail-catcher';
import { setUp } from '../setup';
import { workflowBundleOptions } from '../worker';
import { startApiTier, startWorkers, type ApiTier, type AppProcess } from './cluster-apps';
import { registerNamespaces } from './cluster-namespaces';
import { killWithThisProcess } from './child-process';
import { clusterTools, versionOf } from './cluster-tools';
import { PortPool } from './ports';
import { ensureRedis, type RedisForStack } from './redis';
import { startTemporalCluster, type TemporalCluster } from './temporal-cluster';
import {
  NUM_HISTORY_SHARDS,
  portsFrom,
  SERVICES,
  type ClusterPorts,
  type PostgresTarget,
} from './temporal-cluster-config';
import { startTemporalUi, type TemporalUi } from './temporal-ui';

export interface ClusterStackOptions {
  /** The stack's variables (process.env by default): DATABASE_URL, PORT, SANDBOX_PORT, TEMPORAL_PORT, DATA_DIR… */
  env?: NodeJS.ProcessEnv;
  /**
   * Every listener but the public API ports on a port the system hands out (tests, benchmarks); otherwise Temporal's
   * defaults shifted to TEMPORAL_PORT, TEMPORAL_UI_PORT, Redis on 6379 and MailDev on MAILDEV_*_PORT.
   */
  freePorts?: boolean;
  workers?: number;
  apiReplicasPerEnvironment?: number;
  /** Bursar's processes write to log files in DATA_DIR/cluster instead of our output. */
  appLogsToFiles?: boolean;
  log?: (line: string) => void;
  /** Gives up starting: what was started is stopped, and the start fails (a test's teardown, Ctrl-C). */
  signal?: AbortSignal;
}

export interface ClusterStack {
  /** The configuration the children run with (TEMPORAL_ADDRESS is the cluster's frontend). */
  config: Config;
  urls: Record<Environment, string>;
  temporalAddress: string;
  temporalUiUrl: string;
  redisUrl: string;
  mailCatcherUrl?: string;
  numHistoryShards: number;
  versions: { server: string; sqlTool: string; ui: string };
  temporal: TemporalCluster;
  workers: AppProcess[];
  api: ApiTier;
  /** Where the Temporal services', the UI's and (with appLogsToFiles) Bursar's logs are. */
  logDir: string;
  stop(): Promise<void>;
}

export async function startClusterStack(options: ClusterStackOptions = {}): Promise<ClusterStack> {
  const log = options.log ?? console.log;
  const baseEnv = options.env ?? process.env;
  const base = loadConfig(baseEnv);
  const dir = resolve(base.DATA_DIR, 'cluster');
  mkdirSync(dir, { recursive: true });
  const tools = clusterTools(baseEnv);
  const versions = {
    server: versionOf(tools.server),
    sqlTool: versionOf(tools.sqlTool),
    ui: versionOf(tools.uiServer),
  };

  const { signal } = options;
  // One pool for every port handed out (the fixed ones the stack may listen on excluded): no two listeners share one.
  const fixedPorts = [base.MAILDEV_SMTP_PORT, base.MAILDEV_WEB_PORT, base.TEMPORAL_UI_PORT, 6379];
  const pool = new PortPool([...Object.values(base.ports), ...fixedPorts, ...allPorts(portsFrom(base.TEMPORAL_PORT))]);
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.reverse().splice(0)) await step();
  };
  try {
    const redis: RedisForStack = await ensureRedis({
      url: base.REDIS_URL,
      port: options.freePorts ? await pool.takeOne() : 6379,
      dir,
      signal,
    });
    stops.push(redis.stop);

    let mailCatcher: MailCatcher | undefined;
    if (!base.SMTP_URL) {
      signal?.throwIfAborted();
      const [smtpPort, webPort] = options.freePorts
        ? await pool.take(2)
        : [base.MAILDEV_SMTP_PORT, base.MAILDEV_WEB_PORT];
      const mailDir = join(base.DATA_DIR, 'mail');
      mailCatcher = await startMailCatcher({ smtpPort, webPort, dir: mailDir, logFile: join(dir, 'mail-catcher.log') });
      killWithThisProcess(mailCatcher.process);
      stops.push(mailCatcher.stop);
    }

    signal?.throwIfAborted();
    const ports = options.freePorts ? await freeClusterPorts(pool) : portsFrom(base.TEMPORAL_PORT);
    log(`Temporal ${versions.server}: schema, then history, matching, frontend and worker services (logs in ${dir})…`);
    const temporal = await startTemporalCluster({
      tools,
      dir: join(dir, 'temporal'),
      postgres: postgresOf(base.DATABASE_URL),
      databases: temporalDatabases(base.DATABASE_URL),
      ports,
      signal,
    });
    stops.push(temporal.stop);

    const uiPort = options.freePorts ? await pool.takeOne() : base.TEMPORAL_UI_PORT;
    const env: NodeJS.ProcessEnv = {
      ...baseEnv,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_UI_URL: base.TEMPORAL_UI_URL ?? `http://localhost:${uiPort}`,
      REDIS_URL: redis.url,
      ...(mailCatcher && { SMTP_URL: mailCatcher.smtpUrl }),
    };
    const config = loadConfig(env);
    await registerNamespaces(temporal.address, Object.values(config.namespaces), undefined, signal);
    await setUp(config, log);
    signal?.throwIfAborted();

    const ui: TemporalUi = await startTemporalUi({
      uiServer: tools.uiServer,
      dir: join(dir, 'ui'),
      frontend: temporal.address,
      port: uiPort,
      defaultNamespace: config.namespaces.sandbox,
      signal,
    });
    stops.push(ui.stop);

    // Bundled once here rather than in each worker process.
    log('Bundling the workflows…');
    env.WORKFLOW_BUNDLE_PATH = join(dir, 'workflow-bundle.js');
    writeFileSync(
      env.WORKFLOW_BUNDLE_PATH,
      (await bundleWorkflowCode({ ...workflowBundleOptions(), logger: quiet })).code,
    );

    signal?.throwIfAborted();
    const appOptions = { config, env, logDir: options.appLogsToFiles ? dir : undefined, ports: pool, signal };
    const workerCount = options.workers ?? 2;
    const workers: AppProcess[] = [];
    stops.push(async () => void (await Promise.all(workers.map((worker) => worker.child.stop()))));
    log(`Starting ${workerCount} workers…`);
    workers.push(...(await startWorkers(appOptions, workerCount)));

    log(`Starting ${options.apiReplicasPerEnvironment ?? 2} API replicas per environment…`);
    const api = await startApiTier(appOptions, options.apiReplicasPerEnvironment ?? 2);
    stops.push(api.stop);
    signal?.throwIfAborted();

    return {
      config,
      urls: { production: api.proxies.production.url, sandbox: api.proxies.sandbox.url },
      temporalAddress: temporal.address,
      temporalUiUrl: ui.url,
      redisUrl: redis.url,
      mailCatcherUrl: mailCatcher?.webUrl,
      numHistoryShards: NUM_HISTORY_SHARDS,
      versions,
      temporal,
      workers,
      api,
      logDir: dir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Every port of the cluster's services from the system (membership ports below 32768: see freeLowPort). */
export async function freeClusterPorts(pool = new PortPool()): Promise<ClusterPorts> {
  const ports = await pool.take(SERVICES.length + 1);
  const grpc = Object.fromEntries(SERVICES.map((service) => [service, ports.shift()!]));
  const membership: Record<string, number> = {};
  for (const service of SERVICES) membership[service] = await pool.takeLow();
  return { grpc, membership, frontendHttp: ports.shift()! } as ClusterPorts;
}

function allPorts(ports: ClusterPorts): number[] {
  return [...Object.values(ports.grpc), ...Object.values(ports.membership), ports.frontendHttp];
}

/** The Temporal server's databases, beside the environments': `<name>_temporal` and `<name>_temporal_visibility`. */
export function temporalDatabases(databaseUrl: string): { temporal: string; visibility: string } {
  const name = new URL(databaseUrl).pathname.replace(/^\//, '') || 'bursar';
  return { temporal: `${name}_temporal`, visibility: `${name}_temporal_visibility` };
}

/** Where DATABASE_URL's server is, for the Temporal server and its SQL tool. */
export function postgresOf(databaseUrl: string): PostgresTarget {
  const url = new URL(databaseUrl);
  return {
    host: url.hostname || '127.0.0.1',
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username || 'postgres'),
    password: decodeURIComponent(url.password),
  };
}

const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error };
