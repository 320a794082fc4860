// What one renewal costs, counted rather than timed (so the figures hold on a busy machine): the events of one
// subscription's workflow runs (its workflow tasks, activities and Updates are its round trips with the Temporal server).
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';

/** The events of every run of a workflow, by type (oldest run first), e.g. `{ WORKFLOW_TASK_COMPLETED: 5, … }` per run. */
export async function historyCounts(client: Client, workflowId: string): Promise<Record<string, number>[]> {
  const runs: { runId: string; startTime: Date }[] = [];
  for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push(execution);
  runs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const counted: Record<string, number>[] = [];
  for (const { runId } of runs) {
    const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
    const { events } = JSON.parse(historyToJSON(history)) as { events: { eventType: string }[] };
    const counts: Record<string, number> = {};
    for (const { eventType } of events) {
      const type = eventType.replace(/^EVENT_TYPE_/, '');
      counts[type] = (counts[type] ?? 0) + 1;
    }
    counted.push(counts);
  }
  return counted;
}

/**
 * The renewing run's events with their times (ms after its first), where they waited: `SCHEDULED → STARTED` is
 * queueing for a worker slot or a poller, `STARTED → COMPLETED` the work itself.
 */
export async function renewalTimeline(client: Client, workflowId: string): Promise<string> {
  const runs: { runId: string; startTime: Date }[] = [];
  for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push(execution);
  runs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const history = await client.workflow.getHandle(workflowId, runs[0].runId).fetchHistory();
  const { events } = JSON.parse(historyToJSON(history)) as { events: { eventType: string; eventTime: string }[] };
  const accepted = events.filter((event) => event.eventType === 'EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED');
  const from = Date.parse((accepted.at(-1) ?? events[0]).eventTime);
  return events
    .filter((event) => Date.parse(event.eventTime) >= from)
    .map(
      (event) => `${event.eventType.replace(/^EVENT_TYPE_/, '').toLowerCase()} +${Date.parse(event.eventTime) - from}`,
    )
    .join(', ');
}
