// A delivery attempt's outcome written in one statement: the attempt logged, the delivery and, on success, the
// endpoint's failure count updated; or the delivery skipped.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AttemptContext } from './load-attempt-context';

export interface LoggedAttempt {
  id: string;
  deliveryId: string;
  attempt: number;
  succeeded: boolean;
  httpCode: number | null;
  durationMs: number;
  response: string | null;
  error: string | null;
  createdAt: Date;
}

/** Logs the attempt; a success also closes the delivery and starts the endpoint's failure count afresh. */
export async function recordAttempt(
  em: EntityManager,
  context: AttemptContext,
  attempt: LoggedAttempt,
  finishedAt: Date,
): Promise<void> {
  await em.execute(
    `with logged as (
       insert into webhook_attempt (id, organization_id, delivery_id, endpoint_id, event_id, event_type, api_version, attempt, succeeded, http_code, duration_ms, response, error, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ), endpoint as (
       update webhook_endpoint set consecutive_failures = 0 where ?::boolean and id = ? and consecutive_failures <> 0
     )
     update webhook_delivery
     set last_http_code = ?,
         status = case when ?::boolean then 'succeeded' else status end,
         modified_at = case when ?::boolean then ?::timestamptz else modified_at end
     where id = ?`,
    [
      attempt.id,
      context.organizationId,
      attempt.deliveryId,
      context.endpointId,
      context.eventId,
      context.eventType,
      context.apiVersion,
      attempt.attempt,
      attempt.succeeded,
      attempt.httpCode,
      attempt.durationMs,
      attempt.response,
      attempt.error,
      attempt.createdAt,
      attempt.succeeded,
      context.endpointId,
      attempt.httpCode,
      attempt.succeeded,
      attempt.succeeded,
      finishedAt,
      attempt.deliveryId,
    ],
  );
}

/** A batch's attempts logged in one statement, each as `recordAttempt` logs it. */
export async function recordAttempts(
  em: EntityManager,
  attempts: { context: AttemptContext; attempt: LoggedAttempt; finishedAt: Date }[],
): Promise<void> {
  if (!attempts.length) return;
  const rows = attempts.map(({ context: c, attempt: a, finishedAt }) => ({
    ...a,
    organizationId: c.organizationId,
    endpointId: c.endpointId,
    eventId: c.eventId,
    eventType: c.eventType,
    apiVersion: c.apiVersion,
    finishedAt,
  }));
  await em.execute(
    `with a as (
       select * from jsonb_to_recordset(?::jsonb) as a("id" uuid, "organizationId" uuid, "deliveryId" uuid,
         "endpointId" uuid, "eventId" uuid, "eventType" text, "apiVersion" text, "attempt" int, "succeeded" boolean,
         "httpCode" int, "durationMs" int, "response" text, "error" text, "createdAt" timestamptz, "finishedAt" timestamptz)
     ), logged as (
       insert into webhook_attempt (id, organization_id, delivery_id, endpoint_id, event_id, event_type, api_version, attempt, succeeded, http_code, duration_ms, response, error, created_at)
       select "id", "organizationId", "deliveryId", "endpointId", "eventId", "eventType", "apiVersion", "attempt", "succeeded", "httpCode", "durationMs", "response", "error", "createdAt" from a
       on conflict (delivery_id, attempt) do nothing -- a batch retried after it logged: the attempt is logged already
     ), endpoint as (
       update webhook_endpoint set consecutive_failures = 0
       where id in (select "endpointId" from a where "succeeded") and consecutive_failures <> 0
     )
     update webhook_delivery d
     set last_http_code = a."httpCode",
         status = case when a."succeeded" then 'succeeded' else d.status end,
         modified_at = case when a."succeeded" then a."finishedAt" else d.modified_at end
     from a where d.id = a."deliveryId"`,
    [JSON.stringify(rows)],
  );
}

/** The endpoint was deleted or disabled before the delivery could be attempted. */
export async function skipDelivery(em: EntityManager, deliveryId: string, now: Date): Promise<void> {
  await em.execute(`update webhook_delivery set status = 'skipped', modified_at = ? where id = ?`, [now, deliveryId]);
}

/** The same for a batch's deliveries, in one statement (`ids`: a PostgreSQL array literal). */
export async function skipDeliveries(em: EntityManager, ids: string, now: Date): Promise<void> {
  await em.execute(`update webhook_delivery set status = 'skipped', modified_at = ? where id = any(?::uuid[])`, [
    now,
    ids,
  ]);
}
