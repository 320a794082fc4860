// A real Temporal cluster on this machine: the server built from go.temporal.io/server, its schema set up (or brought up
// to date) by temporal-sql-tool in two PostgreSQL databases of its own, and each service — history, matching,
// frontend, worker — a process of its own, which find each other through the cluster membership table.
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { spawnChild, waitUntilReady, type Child } from './child-process';
import type { ClusterTools } from './cluster-tools';
import {
  dynamicConfig,
  serverConfig,
  SERVICES,
  type ClusterPorts,
  type PostgresTarget,
  type Service,
} from './temporal-cluster-config';

const run = promisify(execFile);

export interface TemporalClusterOptions {
  tools: ClusterTools;
  /** Where the config files and the services' logs go. */
  dir: string;
  postgres: PostgresTarget;
  databases: { temporal: string; visibility: string };
  ports: ClusterPorts;
  /** Stops the start-up (what it started is stopped). */
  signal?: AbortSignal;
}

/** Each readiness probe gives up after this long, so that waitUntilReady's deadline holds. */
const PROBE_TIMEOUT_MS = 2000;
const STOP_GRACE_MS = 30_000;

export interface TemporalCluster {
  /** The frontend's gRPC address: what TEMPORAL_ADDRESS should be. */
  address: string;
  services: Record<Service, Child>;
  logDir: string;
  stop(): Promise<void>;
}

export async function startTemporalCluster(options: TemporalClusterOptions): Promise<TemporalCluster> {
  const configDir = join(options.dir, 'config');
  mkdirSync(configDir, { recursive: true });
  const { signal } = options;
  const dynamicConfigFile = join(configDir, 'dynamic-config.yaml');
  writeFileSync(dynamicConfigFile, `${JSON.stringify(dynamicConfig(), null, 2)}\n`);
  const config = serverConfig({ ...options, dynamicConfigFile });
  // It holds the PostgreSQL password: readable by us only.
  writeFileSync(join(configDir, 'development.yaml'), `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(join(configDir, 'development.yaml'), 0o600); // a file written before with 0644

  await setUpSchema(options, options.databases.temporal, 'temporal');
  await setUpSchema(options, options.databases.visibility, 'visibility');

  const services = {} as Record<Service, Child>;
  const stop = async () => {
    // The frontend first (no new calls), then the services behind it, history last (it hands its shards over: slow
    // on a loaded machine, hence a longer grace before SIGKILL than the 15 s default).
    for (const service of ['frontend', 'worker', 'matching', 'history'] as const)
      await services[service]?.stop(STOP_GRACE_MS);
  };
  const address = `127.0.0.1:${options.ports.grpc.frontend}`;
  try {
    // One after another, each once it listens: on a fresh database the first one writes the cluster's metadata, and
    // services starting side by side race to write it (the loser exits). The worker service serves no gRPC.
    for (const service of SERVICES) {
      const args = ['--root', options.dir, '--config', 'config', '--allow-no-auth', 'start', '--service', service];
      const logFile = join(options.dir, `${service}.log`);
      services[service] = spawnChild(`temporal ${service}`, options.tools.server, args, { logFile });
      if (service !== 'worker')
        await waitUntilReady(services[service], () => listening(options.ports.grpc[service]), 60_000, logFile, signal);
    }
    await waitUntilReady(services.frontend, () => clusterAnswers(address), 90_000, options.dir, signal);
  } catch (error) {
    await stop();
    throw error;
  }
  return { address, services, logDir: options.dir, stop };
}

/** Creates the database when missing, then applies the versioned schema up to the server's latest (idempotent). */
async function setUpSchema(options: TemporalClusterOptions, database: string, schema: 'temporal' | 'visibility') {
  const { host, port, user, password } = options.postgres;
  const common = ['--plugin', 'postgres12', '--ep', host, '--port', String(port), '--user', user, '--db', database];
  const env = { ...process.env, SQL_PASSWORD: password };
  const tool = (...args: string[]) => run(options.tools.sqlTool, [...common, ...args], { env, signal: options.signal });
  await tool('create-database');
  await tool('setup-schema', '--version', '0.0');
  await tool('update-schema', '--schema-dir', join(options.tools.schemaDir, schema, 'versioned'));
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(PROBE_TIMEOUT_MS, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Serving once the frontend answers its health check and reaches history through it (describing the cluster). */
async function clusterAnswers(address: string): Promise<boolean> {
  const connection = await Connection.connect({ address, connectTimeout: 1000 });
  try {
    return await connection.withDeadline(Date.now() + PROBE_TIMEOUT_MS, async () => {
      const health = await connection.healthService.check({});
      if (health.status !== 1) return false; // SERVING
      await connection.operatorService.listClusters({});
      await connection.workflowService.getSystemInfo({});
      return true;
    });
  } finally {
    await connection.close();
  }
}
