// A real `bursar worker` process for the sandbox, polling a test's task queue — what crash tests kill with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { temporal as proto } from '@temporalio/proto';
import type { TestHarness } from './harness';

/**
 * Resolves once the worker polls. `env` adds to the test's environment variables; `output` receives all the worker
 * writes, on stdout and stderr (stderr is the test's own otherwise).
 */
export async function startWorkerProcess(
  h: TestHarness,
  options: { env?: Record<string, string>; output?: (text: string) => void } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(__dirname, '../../bin/bursar.js'), 'worker', '--env', 'sandbox'], {
    env: {
      ...process.env,
      TEMPORAL_TASK_QUEUE: h.config.TEMPORAL_TASK_QUEUE,
      DATA_DIR: h.config.DATA_DIR,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', options.output ? 'pipe' : 'inherit'],
  });
  const { output } = options;
  if (output) for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk) => output(String(chunk)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('polling task queue') && resolve());
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return child;
}

/**
 * What Temporal does once a killed worker's activities reach their start-to-close timeout (a minute, for most): fails
 * each activity of the organization's running workflows that `worker` had started, so that another attempt runs now,
 * on a live worker.
 * The activities' names, as they were failed.
 */
export async function failActivitiesOfDeadWorker(
  h: TestHarness,
  organizationId: string,
  worker: ChildProcess,
): Promise<string[]> {
  const { temporal } = h.env.sandbox;
  const failed: string[] = [];
  for await (const execution of temporal.workflow.list({
    query: `OrganizationId = '${organizationId}' AND ExecutionStatus = 'Running'`,
  })) {
    const { raw } = await temporal.workflow.getHandle(execution.workflowId, execution.runId).describe();
    for (const activity of raw.pendingActivities ?? []) {
      // started by that worker (a worker's identity is `<pid>@<host>`), never by a live one
      if (activity.state !== proto.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED) continue;
      if (!activity.lastWorkerIdentity?.startsWith(`${worker.pid}@`)) continue;
      const id = { workflowId: execution.workflowId, runId: execution.runId, activityId: activity.activityId! };
      await temporal.activity.fail(id, new Error('the worker running this attempt was killed'));
      failed.push(activity.activityType!.name!);
    }
  }
  return failed;
}
