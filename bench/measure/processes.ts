// The benchmarks' child processes (Bursar's API and worker, the bare engine's) start the same way: Node with tsx and
// the SQL counter preloaded and the worker's heap limit, resolved once they print their ready line.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { workerHeapLimit } from '../../src/app/stack';

const PRELOAD = ['--require', require.resolve('tsx/cjs'), '--require', resolve(__dirname, 'sql-counter.ts')];

export function spawnNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
): Promise<ChildProcess> {
  // BENCH_PROFILE_DIR: each process writes a V8 CPU profile there when it stops (bench/README.md reads them).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
  const child = spawn(process.execPath, [...PRELOAD, ...profile, ...workerHeapLimit(), script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A benchmark that fails exits without stopping it: it must not outlive the benchmark.
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before "${ready}"`)));
    child.stdout!.on('data', (data: Buffer) => {
      process.stdout.write(data); // the process's own output, shown with the benchmark's
      if (data.toString().includes(ready)) resolve(child);
    });
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
