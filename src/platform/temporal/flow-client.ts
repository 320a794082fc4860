// What domains send to running flows: Updates whose failures come back as the domain's own errors, and signals.
// Routes never hold the Temporal client; domain services do, through this. A flow whose start still waits in the
// outbox (the entity is written, its flow not started yet) is started here first: a command never waits for the relay.
import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import type { QueryDefinition, SignalDefinition, UpdateDefinition } from '@temporalio/common';
import { advanceFlowClock, type PendingStarts } from './advance-flow-clock';
import type { WorkflowStart } from './flow-start';
import { sendUpdate } from './send-update';
import { temporalRefusal } from './temporal-refusal';
import {
  BadRequest,
  Conflict,
  NotPermitted,
  RequestValidationError,
  ResourceNotFound,
  ResourceUnavailable,
  ServiceUnavailable,
  type BursarError,
  type ValidationIssue,
} from '../../kernel/errors';
import { logger } from '../logging/logger';

/** A business error a workflow may report by name (its `ApplicationFailure` type). */
export type ReportableError = new (detail: string) => BursarError;

const GENERIC: readonly ReportableError[] = [
  BadRequest,
  NotPermitted,
  ResourceNotFound,
  Conflict,
  ResourceUnavailable,
  ServiceUnavailable,
];

/** The error a workflow reported by name, or null when the name is not one of `known` (nor a generic one). */
export function reportedError(
  name: string | null | undefined,
  message: string,
  detail: unknown,
  known: readonly ReportableError[] = [],
): BursarError | null {
  if (name === 'RequestValidationError') return new RequestValidationError(detail as ValidationIssue[]);
  const Type = [...GENERIC, ...known].find((type) => type.name === name);
  return Type ? new Type(message) : null;
}

export interface UpdateOptions {
  /** The Update's id: the same id sent twice runs once (an `X-Idempotency-Key`). */
  updateId?: string;
  /** The errors of the owning domain its workflow may report. */
  errors?: readonly ReportableError[];
  /** What to answer (503) when the flow does not exist and no start of it waits in the outbox. */
  notStarted: string;
  /** Start the flow with the Update when it does not run yet (update-with-start). */
  startWith?: WorkflowStart;
}

export class FlowClient {
  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly pending?: PendingStarts,
  ) {}

  /**
   * Sends an Update and waits for its result; a failure the workflow reported comes back as the domain's error. A flow
   * not found is started from its pending start, if one waits (or its dispatch just did), and the Update sent again.
   */
  async update<R, A extends unknown[]>(
    workflowId: string,
    update: UpdateDefinition<R, A>,
    args: A,
    options: UpdateOptions,
  ): Promise<R> {
    try {
      return await sendUpdate(this.client, this.taskQueue, workflowId, update, args, options).catch(async (error) => {
        if (!(error instanceof WorkflowNotFoundError && this.pending)) throw error;
        await this.pending.startPending(workflowId);
        return sendUpdate(this.client, this.taskQueue, workflowId, update, args, options);
      });
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) throw new ServiceUnavailable(options.notStarted);
      const refusal = temporalRefusal(error);
      if (refusal) {
        logger().warn({ workflow_id: workflowId, refusal }, 'Temporal refused an Update');
        throw new ServiceUnavailable('The flow behind this resource is busy; try again in a moment.');
      }
      if (!(error instanceof WorkflowUpdateFailedError)) throw error;
      const cause = error.cause as { type?: string; message: string; details?: unknown[] } | undefined;
      throw (cause && reportedError(cause.type, cause.message, cause.details?.[0], options.errors)) ?? error;
    }
  }

  /** Signals a flow; a flow that is gone is ignored when `ignoreMissing` (an event about a session that ended). */
  async signal<A extends unknown[]>(
    workflowId: string,
    signal: SignalDefinition<A>,
    args: A,
    options: { ignoreMissing?: boolean } = {},
  ): Promise<void> {
    await this.client.workflow
      .getHandle(workflowId)
      .signal(signal, ...args)
      .catch((error) => {
        if (!(options.ignoreMissing && error instanceof WorkflowNotFoundError)) throw error;
      });
  }

  /**
   * A flow's answer to a query, or null when it cannot answer within `timeoutMs` (gone, its worker or Temporal
   * unreachable). A run that has just continued as new answers once its first task is scheduled: asked again meanwhile.
   */
  async query<R>(workflowId: string, query: QueryDefinition<R, []>, timeoutMs = 2_000): Promise<R | null> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        return await this.client.withDeadline(deadline, () => this.client.workflow.getHandle(workflowId).query(query));
      } catch (error) {
        if (!/not scheduled yet/.test(String((error as { cause?: unknown }).cause))) return null;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    return null;
  }

  /**
   * Moves one flow's test clock (its `advanceTestClock` Update) and resolves once the flow has settled or is gone. An
   * `ended` answer means the run returned or continued as new (once per billed period): the next run gets it again.
   * A flow the outbox has not started yet is started from its pending start, or else waited for (about 10 seconds).
   */
  advanceFlowClock(workflowId: string, to: Date): Promise<void> {
    return advanceFlowClock(this.client, this.pending, workflowId, to);
  }
}
