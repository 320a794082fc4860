// The worker process: one Temporal worker per environment's namespace, the maintenance schedules and the outbox relay.
import { NativeConnection, Worker, bundleWorkflowCode, type WorkflowBundleOption } from '@temporalio/worker';
import { createActivities, type Activities } from '../../activities';
import type { Config, Environment } from '../platform/config';
import { activityCause } from './activity-cause';
import { closeEnvironment, openEnvironment, type EnvironmentContext } from './environment';
import { startOutboxRelay, type Relay } from './outbox-relay';
import { ensureSchedules } from './temporal';

const WORKFLOWS_PATH = require.resolve('../../workflows');

export async function createEnvironmentWorker(
  env: EnvironmentContext,
  connection: NativeConnection,
  options: { workflowBundle?: WorkflowBundleOption; activities?: (activities: Activities) => Activities } = {},
): Promise<Worker> {
  const activities = createActivities(env.domains);
  return Worker.create({
    connection,
    namespace: env.namespace,
    taskQueue: env.taskQueue,
    ...(options.workflowBundle ? { workflowBundle: options.workflowBundle } : { workflowsPath: WORKFLOWS_PATH }),
    activities: options.activities ? options.activities(activities) : activities,
    interceptors: { activity: [activityCause] },
    maxCachedWorkflows: env.config.WORKER_MAX_CACHED_WORKFLOWS,
    maxConcurrentWorkflowTaskExecutions: env.config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS,
    maxConcurrentActivityTaskExecutions: env.config.WORKER_MAX_CONCURRENT_ACTIVITIES,
  });
}

export async function runWorker(config: Config, environments: readonly Environment[]): Promise<void> {
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  // The environments' clients share the workers' connection, so the workflows this process starts (outbox messages
  // written by activities) may start eagerly: their first task comes back with the start's answer.
  const contexts = await Promise.all(
    environments.map((environment) =>
      openEnvironment(config, environment, connection, undefined, { eagerWorkflowStart: true }),
    ),
  );
  const relays: Relay[] = [];
  try {
    const workflowBundle = config.WORKFLOW_BUNDLE_PATH
      ? { codePath: config.WORKFLOW_BUNDLE_PATH }
      : await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH });
    const workers = await Promise.all(
      contexts.map((env) => createEnvironmentWorker(env, connection, { workflowBundle })),
    );
    for (const env of contexts) {
      await ensureSchedules(env.temporal, env.taskQueue);
      relays.push(startOutboxRelay(env, config.OUTBOX_RELAY_INTERVAL_MS, config.OUTBOX_RELAY_GRACE_MS));
    }
    const shutdown = () => workers.forEach((worker) => worker.getState() === 'RUNNING' && worker.shutdown());
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    console.log(
      `worker: polling task queue "${config.TEMPORAL_TASK_QUEUE}" in ${contexts.map((c) => c.namespace).join(', ')}`,
    );
    await Promise.all(workers.map((worker) => worker.run()));
  } finally {
    await Promise.all(relays.map((relay) => relay.stop()));
    await Promise.all(contexts.map(closeEnvironment));
    await connection.close();
  }
}
