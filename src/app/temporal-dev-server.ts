// The embedded Temporal server: the Temporal CLI's dev server, built once from the Go module proxy (scripts/temporal-cli.sh).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import { DEV_SERVER_DYNAMIC_CONFIG, SEARCH_ATTRIBUTES, TEMPORAL_CLI_VERSION } from '../../temporal.config';

export function temporalCliPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TEMPORAL_CLI_PATH) return env.TEMPORAL_CLI_PATH;
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'bursar', `temporal-${TEMPORAL_CLI_VERSION}`, 'temporal');
}

export interface DevServerOptions {
  cliPath: string;
  port: number;
  /** Web UI port; omit for a headless server. */
  uiPort?: number;
  /** SQLite file that keeps workflows across restarts; omit to keep everything in memory. */
  dbFile?: string;
  namespaces: string[];
  /** Where the server's own output goes. */
  logFile?: string;
}

export interface DevServer {
  address: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  if (!existsSync(options.cliPath)) {
    throw new Error(
      `Temporal CLI not found at ${options.cliPath}; run scripts/temporal-cli.sh (./run does it for you).`,
    );
  }
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(options.port), '--log-level', 'warn'];
  args.push(...(options.uiPort ? ['--ui-port', String(options.uiPort)] : ['--headless']));
  if (options.dbFile) args.push('--db-filename', options.dbFile);
  for (const namespace of options.namespaces) args.push('--namespace', namespace);
  for (const key of Object.values(SEARCH_ATTRIBUTES)) args.push('--search-attribute', `${key.name}=Keyword`);
  for (const value of DEV_SERVER_DYNAMIC_CONFIG) args.push('--dynamic-config-value', value);

  const output = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  // Own process group: Ctrl-C reaches us, and we stop the server after the processes that use it.
  const child = spawn(options.cliPath, args, { stdio: ['ignore', output, output], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = `127.0.0.1:${options.port}`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killTimer);
  };

  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null)
      throw new Error(
        `Temporal dev server exited with code ${child.exitCode}${options.logFile ? `; see ${options.logFile}` : ''}`,
      );
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      await connection.healthService.check({});
      await connection.close();
      return { address, process: child, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  await stop();
  throw new Error('Temporal dev server did not become healthy within 60 s');
}
