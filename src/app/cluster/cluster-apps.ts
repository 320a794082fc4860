// Bursar's own processes in the cluster topology: worker processes, and API replicas per environment behind a
// round-robin proxy on the environment's public port. Each child gets its own metrics ports, from the stack's pool.
import { join, resolve } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { ENVIRONMENTS, type Config, type Environment } from '../../platform/config';
import { workerHeapLimit } from '../stack';
import { spawnChild, waitUntilReady, type Child } from './child-process';
import type { PortPool } from './ports';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

const BIN = resolve(__dirname, '../../../bin/bursar.js');

export interface AppProcess {
  child: Child;
  /** Prometheus listeners of this process: its own (API or worker) and, in a worker, the Temporal SDK's. */
  metricsPorts: number[];
}

export interface ApiReplica extends AppProcess {
  environment: Environment;
  port: number;
}

export interface AppOptions {
  config: Config;
  /** The variables every child starts with (the stack's, with the cluster's addresses). */
  env: NodeJS.ProcessEnv;
  /** A directory for the children's output; without it, it goes to ours. */
  logDir?: string;
  /** Where the children's ports come from. */
  ports: PortPool;
  /** Stops waiting for the children (the caller stops them). */
  signal?: AbortSignal;
}

/** A worker serves its metrics and the SDK's; an API process its own only (0 turns the others off). */
async function spawnApp(name: string, args: string[], options: AppOptions, extra: NodeJS.ProcessEnv) {
  const worker = args.includes('worker');
  const metricsPorts = await options.ports.take(worker ? 2 : 1);
  const [own, sdk = 0] = metricsPorts;
  const env = {
    ...options.env,
    ...extra,
    METRICS_PORT: String(worker ? 0 : own),
    WORKER_METRICS_PORT: String(worker ? own : 0),
    TEMPORAL_METRICS_PORT: String(sdk),
  };
  const logFile = options.logDir && join(options.logDir, `${name}.log`);
  const child = spawnChild(name, process.execPath, [...args], { env, logFile });
  return { child, metricsPorts, logFile: logFile ?? 'the output above' };
}

/** Each probe gives up after this long, so that waitUntilReady's deadline holds. */
const PROBE_TIMEOUT_MS = 2000;

/** `count` worker processes, each polling every environment's namespace; ready once all of them poll. */
export async function startWorkers(options: AppOptions, count: number): Promise<AppProcess[]> {
  const workers: AppProcess[] = [];
  try {
    for (let i = 1; i <= count; i++) {
      const { child, metricsPorts } = await spawnApp(`worker-${i}`, [...workerHeapLimit(), BIN, 'worker'], options, {});
      workers.push({ child, metricsPorts });
    }
    const connection = await Connection.connect({ address: options.config.temporalAddress });
    try {
      for (const namespace of Object.values(options.config.namespaces)) {
        const client = new Client({ connection, namespace });
        const polling = async () => {
          const queue = await connection.withDeadline(Date.now() + PROBE_TIMEOUT_MS, () =>
            client.workflowService.describeTaskQueue({
              namespace,
              taskQueue: { name: options.config.TEMPORAL_TASK_QUEUE },
              taskQueueType: 1, // workflow tasks
            }),
          );
          return new Set(queue.pollers.map((poller) => poller.identity)).size >= count;
        };
        // Bundle-less start-up of a worker: connecting, loading the prebuilt bundle and the first poll.
        for (const worker of workers)
          await waitUntilReady(worker.child, polling, 120_000, 'the worker logs', options.signal);
      }
    } finally {
      await connection.close();
    }
  } catch (error) {
    await Promise.all(workers.map((worker) => worker.child.stop()));
    throw error;
  }
  return workers;
}

export interface ApiTier {
  replicas: ApiReplica[];
  proxies: Record<Environment, RoundRobinProxy>;
  stop(): Promise<void>;
}

/** `perEnvironment` API processes for each environment on private ports, and a proxy on each public port. */
export async function startApiTier(options: AppOptions, perEnvironment: number): Promise<ApiTier> {
  const { config } = options;
  const replicas: ApiReplica[] = [];
  const proxies = {} as Record<Environment, RoundRobinProxy>;
  const stop = async () => {
    await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
    await Promise.all(replicas.map((replica) => replica.child.stop()));
  };
  try {
    for (const environment of ENVIRONMENTS) {
      for (const [i, port] of (await options.ports.take(perEnvironment)).entries()) {
        const name = `api-${environment}-${i + 1}`;
        const spawned = await spawnApp(name, [BIN, 'api', '--env', environment], options, {
          HOST: '127.0.0.1',
          PORT: String(port),
          SANDBOX_PORT: String(port),
          PUBLIC_URL: config.publicUrls.production,
          SANDBOX_PUBLIC_URL: config.publicUrls.sandbox,
          TRUST_PROXY: 'true', // behind the proxy below
        });
        replicas.push({ child: spawned.child, metricsPorts: spawned.metricsPorts, environment, port });
      }
    }
    for (const replica of replicas) {
      const url = `http://127.0.0.1:${replica.port}/readyz`;
      const ready = async () => (await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })).ok;
      await waitUntilReady(replica.child, ready, 120_000, options.logDir ?? 'the output above', options.signal);
    }
    for (const environment of ENVIRONMENTS) {
      const upstreams = replicas.filter((r) => r.environment === environment).map((r) => r.port);
      proxies[environment] = await startRoundRobinProxy({
        host: config.HOST,
        port: config.ports[environment],
        upstreams,
        // Past the replicas' own limit, which they answer themselves; no more than that held in memory.
        maxBodyBytes: 2 * config.BODY_LIMIT_BYTES,
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { replicas, proxies, stop };
}
