// One Update sent to a flow, or sent with the flow's start when the flow does not run yet (update-with-start).
import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import type { UpdateDefinition, Workflow } from '@temporalio/common';
import type { WorkflowStart } from './flow-start';
import { searchAttributePairs } from './search-attributes';

export async function sendUpdate<R, A extends unknown[]>(
  client: Client,
  taskQueue: string,
  workflowId: string,
  update: UpdateDefinition<R, A>,
  args: A,
  options: { updateId?: string; startWith?: WorkflowStart },
): Promise<R> {
  // By name: the SDK's typing wants a non-empty argument tuple, and an Update without arguments sends none.
  const sent = { args: args as unknown as [unknown], ...(options.updateId && { updateId: options.updateId }) };
  if (options.startWith) {
    const { workflowType, args: startArgs, searchAttributes, summary } = options.startWith;
    const startWorkflowOperation = new WithStartWorkflowOperation(workflowType, {
      workflowId,
      taskQueue,
      args: startArgs,
      typedSearchAttributes: searchAttributePairs(searchAttributes ?? {}),
      staticSummary: summary,
      workflowIdConflictPolicy: 'USE_EXISTING',
    });
    return client.workflow.executeUpdateWithStart<Workflow, R, [unknown]>(update.name, {
      ...sent,
      startWorkflowOperation,
    });
  }
  return client.workflow.getHandle(workflowId).executeUpdate<R, [unknown]>(update.name, sent);
}
