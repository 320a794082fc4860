// A delivery attempt's first round trip: everything it needs read in one query (delivery, endpoint, event and the
// ordering check).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiVersion } from '../../contracts/api-version';
import type { WebhookPayload } from '../../contracts/webhook-payload';
import type { TraceCarrier } from '../../platform/tracing/trace-context';
import { BEHIND_EARLIER, behindEarlier } from './behind-earlier';
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
  /** The trace the event was written in (its delivery goes on in it). */
  traceContext: TraceCarrier | null;
}

export async function loadAttemptContext(
  em: EntityManager,
  deliveryId: string,
  checkOrder: boolean,
): Promise<AttemptContext | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select d.organization_id, d.endpoint_id, d.event_id, d.event_type, d.status, e.url, e.secret_sealed, e.api_version,
            (e.enabled and e.deleted_at is null) as endpoint_live, m.payload, m.trace_context,
            (?::boolean and ${BEHIND_EARLIER}) as behind_earlier
     from webhook_delivery d
     join webhook_endpoint e on e.id = d.endpoint_id
     join outbox_message m on m.id = d.event_id
     where d.id = ?`,
    [checkOrder, deliveryId],
  );
  return row ? contextOf(row) : null;
}

/**
 * The contexts of a batch's deliveries in one query, in event order, each with its resource key. Their order is
 * checked against pending deliveries outside the batch: within it the batch keeps each resource's events in order.
 */
export async function loadAttemptContexts(
  em: EntityManager,
  deliveryIds: string,
): Promise<(AttemptContext & { deliveryId: string; resourceKey: string })[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select d.id, d.resource_key, d.organization_id, d.endpoint_id, d.event_id, d.event_type, d.status, e.url,
            e.secret_sealed, e.api_version, (e.enabled and e.deleted_at is null) as endpoint_live, m.payload, m.trace_context,
            ${behindEarlier(' and not (p.id = any(?::uuid[]))')} as behind_earlier
     from webhook_delivery d
     join webhook_endpoint e on e.id = d.endpoint_id
     join outbox_message m on m.id = d.event_id
     where d.id = any(?::uuid[])
     order by d.event_seq, d.id`,
    [deliveryIds, deliveryIds],
  );
  return rows.map((row) => ({
    ...contextOf(row),
    deliveryId: row.id as string,
    resourceKey: row.resource_key as string,
  }));
}

function contextOf(row: Record<string, unknown>): AttemptContext {
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
    traceContext: (row.trace_context as TraceCarrier | null) ?? null,
  };
}
