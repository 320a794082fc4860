// What an operation costs in Temporal, counted from workflow histories rather than timed: workflow tasks, activity
// tasks, local activities, Updates and history events (each task and Update is a round trip with the server).
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';

/**
 * The events of one workflow run (those since `since`, when given), by type without the EVENT_TYPE_ prefix, e.g.
 * `{ WORKFLOW_TASK_COMPLETED: 5, … }`.
 */
export async function runEventCounts(
  client: Client,
  workflowId: string,
  runId?: string,
  since?: Date,
): Promise<Record<string, number>> {
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  const all = (JSON.parse(historyToJSON(history)) as { events: { eventType: string; eventTime: string }[] }).events;
  const events = since ? all.filter((event) => Date.parse(event.eventTime) >= since.getTime()) : all;
  const counts: Record<string, number> = { EVENTS: events.length };
  for (const { eventType } of events) {
    const type = eventType.replace(/^EVENT_TYPE_/, '');
    counts[type] = (counts[type] ?? 0) + 1;
  }
  return counts;
}

/** The events of every run of a workflow, by type (oldest run first). */
export async function historyCounts(client: Client, workflowId: string): Promise<Record<string, number>[]> {
  const runs: { runId: string; startTime: Date }[] = [];
  for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push(execution);
  runs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  return Promise.all(runs.map(({ runId }) => runEventCounts(client, workflowId, runId)));
}

export interface TemporalCost {
  /** Runs started in the window, per operation. */
  workflows: number;
  workflowTasks: number;
  activityTasks: number;
  localActivities: number;
  updates: number;
  historyEvents: number;
  workflowTaskTimeouts: number;
}

/**
 * The Temporal cost per operation of the events since `since` of every workflow run on `taskQueue` that started, ran
 * or closed since then (a long-lived run, like an endpoint's deliveries, counts its events of the window only). At
 * most `sample` runs are read; the sum is scaled to all of them.
 */
export async function temporalCostSince(
  client: Client,
  since: Date,
  taskQueue: string,
  operations: number,
  sample = 400,
): Promise<TemporalCost> {
  const runs: { workflowId: string; runId: string }[] = [];
  const at = since.toISOString();
  const query = `TaskQueue = '${taskQueue}' AND (StartTime >= '${at}' OR CloseTime >= '${at}' OR ExecutionStatus = 'Running')`;
  for await (const execution of client.workflow.list({ query })) runs.push(execution);
  const step = Math.max(1, runs.length / sample);
  const read = Array.from({ length: Math.min(runs.length, sample) }, (_, i) => runs[Math.floor(i * step)]);
  const counted = await Promise.all(read.map((run) => runEventCounts(client, run.workflowId, run.runId, since)));
  const total = (type: string) => counted.reduce((sum, counts) => sum + (counts[type] ?? 0), 0);
  const perOperation = (value: number) => (value * (runs.length / Math.max(1, read.length))) / operations;
  const started = counted.filter((counts) => counts.WORKFLOW_EXECUTION_STARTED).length;
  return {
    workflows: perOperation(started),
    workflowTasks: perOperation(total('WORKFLOW_TASK_COMPLETED')),
    activityTasks: perOperation(total('ACTIVITY_TASK_SCHEDULED')),
    localActivities: perOperation(total('MARKER_RECORDED')),
    updates: perOperation(total('WORKFLOW_EXECUTION_UPDATE_ACCEPTED')),
    historyEvents: perOperation(total('EVENTS')),
    workflowTaskTimeouts: total('WORKFLOW_TASK_TIMED_OUT'),
  };
}
