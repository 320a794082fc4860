// The cluster's processes: each in its own process group (Ctrl-C reaches only `bursar start`, which stops them in
// order), its output appended to a log file or passed through, stopped with SIGINT and killed if it lingers. Groups
// still alive when this process exits (a crash, a test timeout, a signal nobody handles) are killed with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { runInThisContext } from 'node:vm';

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

const live = new Set<ChildProcess>();

export function spawnChild(name: string, command: string, args: string[], options: SpawnOptions = {}): Child {
  const output = options.logFile ? openSync(options.logFile, 'a') : 'inherit';
  let child: ChildProcess;
  try {
    child = spawn(command, args, {
      stdio: ['ignore', output, output],
      detached: true,
      env: options.env ?? process.env,
      cwd: options.cwd,
    });
  } finally {
    if (typeof output === 'number') closeSync(output); // the child has its own copy
  }
  killWithThisProcess(child);
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

/** The real `process`, listened to from the first child on (under Jest the global one is a copy whose events never fire). */
let host: NodeJS.Process | undefined;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Kills `child`'s process group (spawned detached) if it is still alive when this process exits. */
export function killWithThisProcess(child: ChildProcess): void {
  if (child.pid === undefined) return;
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (host) return;
  host = runInThisContext('process') as NodeJS.Process;
  host.on('exit', killGroups);
  // A signal with no other listener would end this process without 'exit': kill the groups, then let it end us.
  for (const signal of SIGNALS) {
    const onSignal = () => {
      if (host!.listenerCount(signal) > 1) return; // someone (`bursar start`) stops the children in order
      killGroups();
      host!.removeListener(signal, onSignal);
      host!.kill(host!.pid, signal);
    };
    host.on(signal, onSignal);
  }
}

function killGroups(): void {
  for (const child of live) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  live.clear();
}

/** Polls `ready` every half second until it resolves true; fails when `child` exits first, after `timeoutMs`, or on abort. */
export async function waitUntilReady(
  child: Child,
  ready: () => Promise<boolean>,
  timeoutMs: number,
  where: string,
  signal?: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    if (!child.running()) throw new Error(`${child.name} exited (${await child.exited}); see ${where}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${child.name} was not ready within ${timeoutMs / 1000} s; see ${where}`);
}
