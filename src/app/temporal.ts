// Temporal set-up shared by the API, the worker and the CLI: connections, namespaces, search attributes, schedules.
import { type Client, Connection, ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import type { Duration } from '@temporalio/common';
import { WORKFLOW_TYPES } from '../../workflows/definitions';
import { NAMESPACE_RETENTION_DAYS, SCHEDULES, SEARCH_ATTRIBUTES } from '../../temporal.config';

export async function connectTemporal(address: string): Promise<Connection> {
  return Connection.connect({ address });
}

/** gRPC status codes we tolerate. */
const grpcStatus = { NOT_FOUND: 5, ALREADY_EXISTS: 6 } as const;

const isGrpcError = (error: unknown, code: number): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: number }).code === code;

/** Registers the namespace when missing (external clusters; the embedded dev server pre-creates them). */
export async function ensureNamespace(connection: Connection, namespace: string): Promise<void> {
  try {
    await connection.workflowService.describeNamespace({ namespace });
    return;
  } catch (error) {
    if (!isGrpcError(error, grpcStatus.NOT_FOUND)) throw error;
  }
  await connection.workflowService
    .registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs(`${NAMESPACE_RETENTION_DAYS} days`) })
    .catch((error) => {
      if (!isGrpcError(error, grpcStatus.ALREADY_EXISTS)) throw error;
    });
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      await connection.workflowService.describeNamespace({ namespace });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`Namespace ${namespace} was registered but never became visible`);
}

/** Adds our search attributes that the namespace does not have yet. */
export async function ensureSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const known = new Set(Object.keys(existing.customAttributes ?? {}));
  const missing = Object.values(SEARCH_ATTRIBUTES).filter((key) => !known.has(key.name));
  if (!missing.length) return;
  await connection.operatorService
    .addSearchAttributes({
      namespace,
      // IndexedValueType 2 = KEYWORD; every Bursar search attribute is a keyword.
      searchAttributes: Object.fromEntries(missing.map((key) => [key.name, 2])),
    })
    .catch((error) => {
      if (!isGrpcError(error, grpcStatus.ALREADY_EXISTS)) throw error;
    });
}

/** Creates the maintenance schedules, or points existing ones at the current task queue. */
export async function ensureSchedules(client: Client, taskQueue: string): Promise<void> {
  await ensureSchedule(client, SCHEDULES.purgeIdempotencyKeys, WORKFLOW_TYPES.purgeIdempotencyKeys, taskQueue);
  await ensureSchedule(client, SCHEDULES.eventPartitions, WORKFLOW_TYPES.eventPartitions, taskQueue);
  await ensureSchedule(client, SCHEDULES.reconciliation, WORKFLOW_TYPES.reconciliation, taskQueue);
}

async function ensureSchedule(
  client: Client,
  schedule: { id: string; every: Duration },
  workflowType: string,
  taskQueue: string,
): Promise<void> {
  const { id, every } = schedule;
  const action = { type: 'startWorkflow' as const, workflowType, taskQueue, args: [] };
  try {
    await client.schedule.create({
      scheduleId: id,
      spec: { intervals: [{ every }] },
      action,
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule
      .getHandle(id)
      .update((previous) => ({ ...previous, spec: { intervals: [{ every }] }, action }));
  }
}
