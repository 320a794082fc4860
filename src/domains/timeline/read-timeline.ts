// A page of a customer's timeline, newest first by default: one indexed read of the read model and its count, then
// for the organization the webhook deliveries of the page's events, and the next step each live subscription's flow
// has scheduled (asked of the flow itself, the first page only).
import type { EntityManager } from '@mikro-orm/postgresql';
import { subscriptionWorkflowId, upcomingQuery } from '../../../workflows/definitions';
import type { TimelineEntry, TimelineQuery, TimelineUpcoming } from '../../contracts/timeline';
import { pageOffset, paginationOf, parseSortCriterion } from '../../kernel/pagination';
import type { Cause } from '../../platform/cause/cause';
import type { FlowClient } from '../../platform/temporal/flow-client';
import type { SubscriptionQueries } from '../subscription';
import { eventDeliveries } from '../webhook';
import { upcomingOf } from './timeline-upcoming.logic';

export interface TimelineReadDeps {
  flows: FlowClient;
  subscriptionQueries: SubscriptionQueries;
  /** The Temporal Web UI's workflow pages: `<ui>/namespaces/<namespace>/workflows`. */
  workflowsUrl: string;
}

interface Row {
  id: string;
  at: Date;
  type: TimelineEntry['type'];
  summary: string;
  resource_type: string;
  resource_id: string;
  subscription_id: string | null;
  amount: string | null;
  currency: string | null;
  details: Record<string, unknown>;
  cause: Cause;
  event_id: string | null;
}

export async function readTimeline(
  deps: TimelineReadDeps,
  em: EntityManager,
  owner: { organizationId: string; customerId: string },
  query: TimelineQuery,
  options: { deliveries: boolean } = { deliveries: true },
): Promise<{
  items: TimelineEntry[];
  pagination: { total_count: number; max_page: number };
  upcoming: TimelineUpcoming[];
}> {
  const where = ['organization_id = ?', 'customer_id = ?'];
  const params: unknown[] = [owner.organizationId, owner.customerId];
  if (query.type?.length) {
    where.push('type = any(?::text[])');
    params.push(`{${query.type.join(',')}}`);
  }
  if (query.subscription_id?.length) {
    where.push('subscription_id = any(?::uuid[])');
    params.push(`{${query.subscription_id.join(',')}}`);
  }
  const { direction } = parseSortCriterion<'at'>(query.sorting[0]);
  const rows = await em.execute<Row[]>(
    `select id, at, type, summary, resource_type, resource_id, subscription_id, amount, currency, details, cause, event_id
     from timeline_entry where ${where.join(' and ')} order by at ${direction}, seq ${direction} limit ? offset ?`,
    [...params, query.limit, pageOffset(query)],
  );
  const [{ total }] = await em.execute<{ total: number }[]>(
    `select count(*)::int as total from timeline_entry where ${where.join(' and ')}`,
    params,
  );
  const events = options.deliveries ? rows.flatMap((row) => (row.event_id ? [row.event_id] : [])) : [];
  const deliveries = await eventDeliveries(em, owner.organizationId, events);
  const items = rows.map((row) => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    type: row.type,
    summary: row.summary,
    resource: { type: row.resource_type, id: row.resource_id },
    subscription_id: row.subscription_id,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency,
    details: row.details,
    cause: { type: row.cause.type, name: row.cause.name, request_id: row.cause.requestId ?? null },
    workflow: row.cause.workflow
      ? {
          id: row.cause.workflow.id,
          run_id: row.cause.workflow.runId,
          activity: row.cause.workflow.activity,
          url: `${deps.workflowsUrl}/${encodeURIComponent(row.cause.workflow.id)}/${row.cause.workflow.runId}/history`,
        }
      : null,
    deliveries: deliveries
      .filter((d) => d.eventId === row.event_id)
      .map((d) => ({
        endpoint_id: d.endpointId,
        status: d.status,
        http_code: d.httpCode,
        attempts: d.attempts,
        last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
      })),
  }));
  const upcoming = query.page === 1 ? await upcomingSteps(deps, em, owner) : [];
  return { items, pagination: paginationOf(total, query.limit), upcoming };
}

/** What each live subscription's flow says it will do next, in the order of time. */
async function upcomingSteps(
  deps: TimelineReadDeps,
  em: EntityManager,
  owner: { organizationId: string; customerId: string },
): Promise<TimelineUpcoming[]> {
  const ids = await deps.subscriptionQueries.liveIds(em, owner.organizationId, owner.customerId);
  const answers = await Promise.all(
    ids.map(async (id) => upcomingOf(id, await deps.flows.query(subscriptionWorkflowId(id), upcomingQuery))),
  );
  return answers
    .flatMap((step) => (step ? [{ ...step, workflow_id: subscriptionWorkflowId(step.subscription_id) }] : []))
    .sort((a, b) => (a.at ?? '~').localeCompare(b.at ?? '~')); // a resume with no date last
}
