// One flow's test clock moved (its `advanceTestClock` Update), waiting until the flow has settled or is gone.
import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { advanceTestClockUpdate } from '../../../workflows/definitions';
import { ServiceUnavailable } from '../../kernel/errors';

/**
 * Moves one flow's test clock (its `advanceTestClock` Update) and resolves once the flow has settled or is gone. An
 * `ended` answer means the run returned or continued as new (once per billed period): the next run gets it again.
 * A flow the outbox has not started yet is started from its pending start, or else waited for (about 10 seconds).
 */
/** The workflow starts written with their entities and not dispatched yet (the outbox's). */
export interface PendingStarts {
  /** Starts the flow now if its start waits; false when none does. */
  startPending(workflowId: string): Promise<boolean>;
}

export async function advanceFlowClock(
  client: Client,
  pending: PendingStarts | undefined,
  workflowId: string,
  to: Date,
): Promise<void> {
  const handle = client.workflow.getHandle(workflowId);
  for (let failures = 0; failures < 100;) {
    try {
      if ((await handle.executeUpdate(advanceTestClockUpdate, { args: [to.toISOString()] })) === 'settled') return;
    } catch (error) {
      if (error instanceof WorkflowUpdateFailedError) throw error;
      if (error instanceof WorkflowNotFoundError && (await pending?.startPending(workflowId))) continue;
      failures++;
      if (!(await isRunning(client, workflowId))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new ServiceUnavailable(`${workflowId} did not settle on its test clock; advance again in a moment.`);
}

/** Whether the flow runs (a flow not started yet counts as running: the outbox is about to start it). */
async function isRunning(client: Client, workflowId: string): Promise<boolean> {
  return client.workflow
    .getHandle(workflowId)
    .describe()
    .then((description) => description.status.name === 'RUNNING')
    .catch((error) => (error instanceof WorkflowNotFoundError ? true : Promise.reject(error)));
}
