// A real `bursar worker` process for the sandbox, polling a test's task queue — what crash tests kill with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { TestHarness } from './harness';

/** Resolves once the worker polls. */
export async function startWorkerProcess(h: TestHarness): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(__dirname, '../../bin/bursar.js'), 'worker', '--env', 'sandbox'], {
    env: { ...process.env, TEMPORAL_TASK_QUEUE: h.config.TEMPORAL_TASK_QUEUE, DATA_DIR: h.config.DATA_DIR },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('polling task queue') && resolve());
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return child;
}
