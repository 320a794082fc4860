// Every activity runs with its workflow step as its cause (a `workflow` cause naming the workflow, its run and the
// activity); an activity that knows better says so with `because` (a renewal timer, a command).
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { withCause } from '../platform/cause/cause';

export const activityCause: ActivityInterceptorsFactory = (ctx) => ({
  inbound: {
    execute(input, next) {
      const { workflowExecution, workflowType, activityType } = ctx.info;
      const workflow = workflowExecution && {
        id: workflowExecution.workflowId,
        runId: workflowExecution.runId,
        type: workflowType ?? '',
        activity: activityType,
      };
      return withCause({ type: 'workflow', name: activityType, ...(workflow && { workflow }) }, () => next(input));
    },
  },
});
