// The chaos run's own stack: a Temporal dev server (own port and SQLite file), a PostgreSQL cluster of its own with the
// `bursar_chaos_sandbox` database, and the API and worker as child processes whose output goes to log files. The
// faults act on these handles.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { startMailCatcher } from '../../src/app/mail-catcher';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadConfig, type Config } from '../../src/platform/config';
import { migrate } from '../../src/app/database';
import { startDevServer, temporalCliPath, type DevServer } from '../../src/app/temporal-dev-server';
import { freePort } from '../support/free-port';
import { createChaosCluster, type ChaosPostgres } from './chaos-postgres';

const BIN = join(__dirname, '../../bin/bursar.js');
const NAMESPACE = 'bursar-chaos-sandbox';

export interface ChaosStack {
  config: Config;
  apiUrl: string;
  dataDir: string;
  /** Exits of the API or the worker that no fault caused. */
  unexpectedExits: string[];
  killWorker(): void;
  startWorker(): Promise<void>;
  stopTemporal(): Promise<void>;
  startTemporal(): Promise<void>;
  stopPostgres(): void;
  startPostgres(): Promise<void>;
  /** Runs `bursar <args>` against this stack and returns what it printed on stdout. */
  cli(args: string[]): string;
  /** A SQL client on the sandbox database (a new connection: PostgreSQL may have restarted). */
  sql<T>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

interface Supervised {
  child: ChildProcess;
  killedOnPurpose: boolean;
}

export async function startChaosStack(dataDir: string, taskQueue: string): Promise<ChaosStack> {
  const postgres = createChaosCluster(await freePort());
  return startOn(postgres, dataDir, taskQueue).catch((error: unknown) => {
    try {
      postgres.drop(); // a stack that did not start leaves no cluster behind
    } catch {
      // the start's error is the one to report
    }
    throw error;
  });
}

async function startOn(postgres: ChaosPostgres, dataDir: string, taskQueue: string): Promise<ChaosStack> {
  const [temporalPort, apiPort, unusedProductionPort] = [await freePort(), await freePort(), await freePort()];
  const mail = await startMailCatcher({
    smtpPort: await freePort(),
    webPort: await freePort(),
    dir: join(dataDir, 'mail'),
  });
  const dbFile = join(dataDir, 'temporal.db');
  const serverOptions = {
    cliPath: temporalCliPath(),
    port: temporalPort,
    dbFile,
    namespaces: [NAMESPACE],
    logFile: join(dataDir, 'temporal.log'),
  };
  let server: DevServer | undefined = await startDevServer(serverOptions);
  const childEnv: Record<string, string> = {
    DATABASE_URL: postgres.url,
    TEMPORAL_ADDRESS: server.address,
    TEMPORAL_NAMESPACE_SANDBOX: NAMESPACE,
    TEMPORAL_TASK_QUEUE: taskQueue,
    PORT: String(unusedProductionPort),
    SANDBOX_PORT: String(apiPort),
    DATA_DIR: dataDir,
    DATABASE_POOL_MAX: '10',
    RATE_LIMIT_IP_PER_SECOND: '100000',
    RATE_LIMIT_ORG_PER_MINUTE: '1000000',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_TIMEOUT_MS: '5000',
    WEBHOOK_RETRY_INITIAL_INTERVAL_MS: '1000',
    WEBHOOK_RETRY_MAX_INTERVAL_MS: '5000',
    WEBHOOK_MAX_ATTEMPTS: '100',
    OUTBOX_RELAY_INTERVAL_MS: '1000',
    OUTBOX_RELAY_GRACE_MS: '3000',
    SMTP_URL: mail.smtpUrl,
  };
  const config = loadConfig({ ...process.env, ...childEnv });
  await waitForSql(config.databaseUrls.sandbox.replace(/\/[^/]+$/, '/postgres'));
  await migrate(config.databaseUrls.sandbox);

  const unexpectedExits: string[] = [];
  let stopping = false;
  const spawnChild = (command: 'api' | 'worker'): Supervised => {
    const log = createWriteStream(join(dataDir, `${command}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [BIN, command, '--env', 'sandbox'], {
      env: { ...process.env, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    const supervised: Supervised = { child, killedOnPurpose: false };
    child.once('exit', (code, signal) => {
      if (!supervised.killedOnPurpose && !stopping)
        unexpectedExits.push(`${command} exited (${signal ?? code}); see ${join(dataDir, `${command}.log`)}`);
    });
    return supervised;
  };
  const ready = (supervised: Supervised, line: string) =>
    new Promise<void>((resolve, reject) => {
      supervised.child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(line) && resolve());
      supervised.child.once('exit', (code) => reject(new Error(`exited with ${code} before "${line}"`)));
    });

  const api = spawnChild('api');
  let worker = api;
  try {
    await ready(api, 'api: sandbox');
    worker = spawnChild('worker');
    await ready(worker, 'polling task queue');
  } catch (error) {
    stopping = true; // what started is stopped: no server or process is left behind
    for (const { child } of [api, worker]) child.kill('SIGKILL');
    await server?.stop();
    await mail.stop();
    throw error;
  }

  return {
    config,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    dataDir,
    unexpectedExits,
    killWorker() {
      worker.killedOnPurpose = true;
      worker.child.kill('SIGKILL');
    },
    async startWorker() {
      // Like a supervisor: start again until it polls (it exits when a dependency is down as it starts).
      for (;;) {
        worker = spawnChild('worker');
        worker.killedOnPurpose = true; // an exit while starting is expected while a dependency is down
        try {
          await ready(worker, 'polling task queue');
          worker.killedOnPurpose = false;
          return;
        } catch {
          await sleep(1000);
        }
      }
    },
    async stopTemporal() {
      await server?.stop();
      server = undefined;
    },
    async startTemporal() {
      server = await startDevServer(serverOptions);
    },
    stopPostgres: () => postgres.stop(),
    async startPostgres() {
      postgres.start();
      await waitForSql(config.databaseUrls.sandbox);
    },
    cli: (args) =>
      execFileSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...childEnv }, encoding: 'utf8' }),
    async sql<T>(text: string, values: unknown[] = []) {
      const client = new Client({ connectionString: config.databaseUrls.sandbox });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async stop() {
      stopping = true;
      for (const child of [api, worker]) {
        child.killedOnPurpose = true;
        if (child.child.exitCode === null) child.child.kill('SIGTERM');
      }
      await Promise.all(
        [api, worker].map(({ child }) =>
          child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
        ),
      );
      await server?.stop();
      await mail.stop();
      postgres.drop();
    },
  };
}

/** Waits until the database answers (a cluster just started takes a moment), at most a minute. */
async function waitForSql(url: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (await sqlReady(url)) return;
    await sleep(500);
  }
  throw new Error(`PostgreSQL at ${new URL(url).host} did not answer within a minute`);
}

async function sqlReady(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
