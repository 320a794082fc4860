// The cluster's processes: each in its own process group (Ctrl-C reaches only `bursar start`, which stops them in
// order), its output appended to a log file or passed through, stopped with SIGINT and killed if it lingers.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  running(): boolean;
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Appends stdout and stderr there; without it they go to ours. */
  logFile?: string;
}

export function spawnChild(name: string, command: string, args: string[], options: SpawnOptions = {}): Child {
  const output = options.logFile ? openSync(options.logFile, 'a') : 'inherit';
  const child = spawn(command, args, {
    stdio: ['ignore', output, output],
    detached: true,
    env: options.env ?? process.env,
    cwd: options.cwd,
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 0));
    child.once('error', (error) => resolve(error.message));
  });
  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;
  return {
    name,
    process: child,
    exited,
    running,
    async stop(graceMs = 15_000) {
      if (!running()) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => running() && child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `ready` every half second until it resolves true; fails when `child` exits first or after `timeoutMs`. */
export async function waitUntilReady(
  child: Child,
  ready: () => Promise<boolean>,
  timeoutMs: number,
  where: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.running()) throw new Error(`${child.name} exited (${await child.exited}); see ${where}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${child.name} was not ready within ${timeoutMs / 1000} s; see ${where}`);
}
