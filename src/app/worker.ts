// The worker process: one Temporal worker per environment's namespace, the maintenance schedules and the outbox relay.
import { NativeConnection, Worker, bundleWorkflowCode, type WorkflowBundleOption } from '@temporalio/worker';
import { createActivities, type Activities } from '../../activities';
import type { Config, Environment } from '../platform/config';
import {
  WORKFLOW_TRACING_MODULES,
  tracingActivityInterceptors,
  workflowSpanSinks,
} from '../platform/tracing/temporal-tracing';
import { activeTracing } from '../platform/tracing/tracing';
import { activityCause } from './activity-cause';
import { activityLogContext } from './activity-log-context';
import { createLogger, logger, useLogger } from '../platform/logging/logger';
import { closeEnvironment, openEnvironment, type EnvironmentContext } from './environment';
import { startOutboxRelay, type Relay } from './outbox-relay';
import { ensureSchedules } from './temporal';
import { installTemporalRuntime } from './temporal-runtime';
import { serveMetrics } from '../platform/prometheus';
import { closeHttp } from './http/server';
import type { Server } from 'node:http';

const WORKFLOWS_PATH = require.resolve('../../workflows');

/**
 * The workflow interceptors of a process that traces: without tracing they are left out, as each cached workflow
 * would keep its open spans (a worker holding 500 renewing subscriptions ran out of workflow heap with them). They add
 * no command, so a workflow carries on whether the worker that picks it up traces or not.
 */
const workflowTracingModules = () => (activeTracing() ? [...WORKFLOW_TRACING_MODULES] : []);

/** What the workflow bundle is built from: the workflows, and the tracing interceptors when this process traces. */
export const workflowBundleOptions = () => ({
  workflowsPath: WORKFLOWS_PATH,
  workflowInterceptorModules: workflowTracingModules(),
});

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
    // a prebuilt bundle has the workflow interceptors already (`workflowBundleOptions`)
    ...(options.workflowBundle ? { workflowBundle: options.workflowBundle } : { workflowsPath: WORKFLOWS_PATH }),
    activities: options.activities ? options.activities(activities) : activities,
    interceptors: {
      activity: [...tracingActivityInterceptors(), activityCause, activityLogContext(env.environment)],
      ...(!options.workflowBundle && { workflowModules: workflowTracingModules() }),
    },
    sinks: workflowSpanSinks(),
    maxCachedWorkflows: env.config.WORKER_MAX_CACHED_WORKFLOWS,
    maxConcurrentWorkflowTaskExecutions: env.config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS,
    maxConcurrentActivityTaskExecutions: env.config.WORKER_MAX_CONCURRENT_ACTIVITIES,
  });
}

export async function runWorker(config: Config, environments: readonly Environment[]): Promise<void> {
  useLogger(createLogger({ service: 'worker', level: config.LOG_LEVEL }));
  installTemporalRuntime(config);
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  // The environments' clients share the workers' connection, so the workflows this process starts (outbox messages
  // written by activities) may start eagerly: their first task comes back with the start's answer.
  const contexts = await Promise.all(
    environments.map((environment) =>
      openEnvironment(config, environment, connection, undefined, { eagerWorkflowStart: true }),
    ),
  );
  const relays: Relay[] = [];
  let metrics: Server | null = null;
  try {
    if (config.WORKER_METRICS_PORT) metrics = await serveMetrics(config.WORKER_METRICS_PORT, config.METRICS_HOST);
    const workflowBundle = config.WORKFLOW_BUNDLE_PATH
      ? { codePath: config.WORKFLOW_BUNDLE_PATH }
      : await bundleWorkflowCode(workflowBundleOptions());
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
    const namespaces = contexts.map((c) => c.namespace);
    logger().info({ task_queue: config.TEMPORAL_TASK_QUEUE, namespaces }, 'worker: polling task queue');
    await Promise.all(workers.map((worker) => worker.run()));
  } finally {
    await Promise.all(relays.map((relay) => relay.stop()));
    await Promise.all(contexts.map(closeEnvironment));
    await connection.close();
    if (metrics) await closeHttp(metrics, 0);
  }
}
