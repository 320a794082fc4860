// Whether a delivery must wait for an earlier event about the same resource to reach the endpoint: the SQL test, and
// the workflow's question answered with it.
import type { DeliveryDeps } from './webhook-delivery.service';

/**
 * Whether delivery `d` is behind an earlier event about the same resource: a pending delivery of it to the same
 * endpoint, or an event the endpoint subscribes to that is not fanned out yet (its dispatch after commit failed, and it
 * waits for the relay while later ones went out). The resource key is made from the event's payload as
 * `resourceKey()` makes it; `outbox_message_pending_event_idx` finds the undispatched events.
 */
export const BEHIND_EARLIER = behindEarlier('');

/** `BEHIND_EARLIER`, with `pendingFilter` narrowing the pending deliveries counted (a batch leaves out its own). */
export function behindEarlier(pendingFilter: string): string {
  return `(exists (
    select 1 from webhook_delivery p
    where p.endpoint_id = d.endpoint_id and p.resource_key = d.resource_key and p.status = 'pending' and p.event_seq < d.event_seq${pendingFilter}
  ) or exists (
    select 1 from outbox_message q join webhook_endpoint w on w.id = d.endpoint_id
    where q.dispatched_at is null and q.kind = 'event' and q.organization_id = d.organization_id and q.seq < d.event_seq
      and q.payload->>'type' = any(w.events)
      and split_part(q.payload->>'type', '.', 1) || ':' || coalesce(q.payload->'data'->>'id', '') = d.resource_key
      and not exists (select 1 from webhook_delivery x where x.event_id = q.id and x.endpoint_id = d.endpoint_id and not x.redelivery)
  ))`;
}

/** 1 while an earlier event about the same resource is still on its way to the endpoint (`BEHIND_EARLIER`), else 0. */
export async function earlierPendingDeliveries(deps: DeliveryDeps, deliveryId: string): Promise<number> {
  const [row] = await deps.orm.em
    .fork()
    .execute<{ n: number }[]>(`select (${BEHIND_EARLIER})::int as n from webhook_delivery d where d.id = ?`, [
      deliveryId,
    ]);
  return row?.n ?? 0;
}
