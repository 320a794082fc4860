// Where one renewal waits: the renewing run's events with their times.
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';

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
