// The two database round trips of one delivery attempt: everything it needs read in one query (delivery, endpoint,
// event and the ordering check), and its outcome written in one statement (the attempt logged, the delivery and, on
// success, the endpoint's failure count updated).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiVersion } from '../../contracts/api-version';
import type { WebhookPayload } from '../../contracts/webhook-payload';
import type { DeliveryStatus } from './webhook.entity';

export interface AttemptContext {
  organizationId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  url: string;
  secretSealed: string;
  apiVersion: ApiVersion;
  /** The endpoint is neither deleted nor disabled. */
  endpointLive: boolean;
  payload: WebhookPayload;
  /** An earlier event about the same resource is still on its way to the endpoint (only when asked; `BEHIND_EARLIER`). */
  behindEarlier: boolean;
}

/**
 * Whether delivery `d` is behind an earlier event about the same resource: a pending delivery of it to the same
 * endpoint, or an event the endpoint subscribes to that is not fanned out yet (its dispatch after commit failed, and it
 * waits for the relay while later ones went out). The resource key is made from the event's payload as
 * `resourceKey()` makes it; `outbox_message_pending_event_idx` finds the undispatched events.
 */
export const BEHIND_EARLIER = `(exists (
    select 1 from webhook_delivery p
    where p.endpoint_id = d.endpoint_id and p.resource_key = d.resource_key and p.status = 'pending' and p.event_seq < d.event_seq
  ) or exists (
    select 1 from outbox_message q join webhook_endpoint w on w.id = d.endpoint_id
    where q.dispatched_at is null and q.kind = 'event' and q.organization_id = d.organization_id and q.seq < d.event_seq
      and q.payload->>'type' = any(w.events)
      and split_part(q.payload->>'type', '.', 1) || ':' || coalesce(q.payload->'data'->>'id', '') = d.resource_key
      and not exists (select 1 from webhook_delivery x where x.event_id = q.id and x.endpoint_id = d.endpoint_id and not x.redelivery)
  ))`;

export async function loadAttemptContext(
  em: EntityManager,
  deliveryId: string,
  checkOrder: boolean,
): Promise<AttemptContext | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select d.organization_id, d.endpoint_id, d.event_id, d.event_type, d.status, e.url, e.secret_sealed, e.api_version,
            (e.enabled and e.deleted_at is null) as endpoint_live, m.payload,
            (?::boolean and ${BEHIND_EARLIER}) as behind_earlier
     from webhook_delivery d
     join webhook_endpoint e on e.id = d.endpoint_id
     join outbox_message m on m.id = d.event_id
     where d.id = ?`,
    [checkOrder, deliveryId],
  );
  if (!row) return null;
  return {
    organizationId: row.organization_id as string,
    endpointId: row.endpoint_id as string,
    eventId: row.event_id as string,
    eventType: row.event_type as string,
    status: row.status as DeliveryStatus,
    url: row.url as string,
    secretSealed: row.secret_sealed as string,
    apiVersion: row.api_version as ApiVersion,
    endpointLive: row.endpoint_live as boolean,
    payload: row.payload as WebhookPayload,
    behindEarlier: row.behind_earlier as boolean,
  };
}

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
