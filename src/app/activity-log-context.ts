// Every activity runs with its workflow's id and run, its own type and its environment as log context, so that
// whatever a domain service logs while it runs (a refund the processor refused) says which flow it was for.
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { withLogContext } from '../platform/logging/logger';

export const activityLogContext =
  (environment: string): ActivityInterceptorsFactory =>
  (ctx) => ({
    inbound: {
      execute(input, next) {
        const { workflowExecution, workflowType, activityType, namespace } = ctx.info;
        const fields = {
          environment,
          namespace,
          workflow_id: workflowExecution?.workflowId,
          run_id: workflowExecution?.runId,
          workflow_type: workflowType,
          activity_type: activityType,
        };
        return withLogContext(fields, () => next(input));
      },
    },
  });
