// One outbox start carried out: the flow started (or signalled with start) with the environment's and organization's
// search attributes, in the trace its row was written in; a flow already started under its ID is no failure.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { WorkflowStart } from '../temporal/flow-start';
import { searchAttributePairs } from '../temporal/search-attributes';
import { withTraceContext } from '../tracing/trace-context';
import type { OutboxMessage } from './outbox.entity';

export /** A start as the outbox row keeps it: the signal by its name. */
type StoredStart = Omit<WorkflowStart, 'signal'> & { signal?: string };

/** What starting a flow needs of the outbox's deps. */
export type StartDeps = { temporal: Client; taskQueue: string; environment: string; eagerWorkflowStart?: boolean };

/** Started in the trace the row was written in, whoever dispatches it: the Temporal client carries it to the flow. */
export function startWorkflow(deps: StartDeps, message: OutboxMessage): Promise<void> {
  return withTraceContext(message.traceContext, () => startNow(deps, message));
}

async function startNow(deps: StartDeps, message: OutboxMessage): Promise<void> {
  const start = message.payload as unknown as StoredStart;
  const typedSearchAttributes = searchAttributePairs({
    Environment: deps.environment,
    ...(message.organizationId ? { OrganizationId: message.organizationId } : {}),
    ...start.searchAttributes,
  });
  const options = {
    workflowId: start.workflowId,
    taskQueue: deps.taskQueue,
    args: start.args,
    typedSearchAttributes,
    staticSummary: start.summary,
    workflowIdReusePolicy: start.reusable ? ('ALLOW_DUPLICATE' as const) : ('REJECT_DUPLICATE' as const),
  };
  try {
    if (start.signal)
      await deps.temporal.workflow.signalWithStart(start.workflowType, {
        ...options,
        signal: start.signal,
        signalArgs: start.signalArgs ?? [],
      });
    else
      await deps.temporal.workflow.start(start.workflowType, {
        ...options,
        requestEagerStart: deps.eagerWorkflowStart,
      });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
