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

/** The endpoint was deleted or disabled before the delivery could be attempted. */
export async function skipDelivery(em: EntityManager, deliveryId: string, now: Date): Promise<void> {
  await em.execute(`update webhook_delivery set status = 'skipped', modified_at = ? where id = ?`, [now, deliveryId]);
}
