// The outbox dispatcher of events: one delivery per enabled, subscribed endpoint and event, a transaction's deliveries
// to one endpoint handed to that endpoint's batching workflow in one signal.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DeliveryPolicy } from '../../contracts/webhook-delivery-policy';
import type { WebhookPayload } from '../../contracts/webhook-payload';
import type { Clock } from '../../kernel/clock';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { OutboxMessage, OutboxService } from '../../platform/outbox';
import { endpointDeliveriesStart } from './delivery-start';
import { resourceKey } from './webhook.logic';

type FanOutDeps = { orm: MikroORM; clock: Clock; outbox: OutboxService; policy: DeliveryPolicy };

/** The events of a transaction in one statement. Run again for the same events, it adds nothing. */
export async function fanOutEvents(deps: FanOutDeps, events: OutboxMessage[]): Promise<void> {
  await inTransaction(deps.orm, (tx) => fanOutEventsIn(deps, tx, events));
}

/** The same, in the transaction that wrote the events (written already): the deliveries commit with them. */
export async function fanOutEventsIn(deps: FanOutDeps, tx: Tx, events: OutboxMessage[]): Promise<void> {
  const payloads = events.map((event) => event.payload as unknown as WebhookPayload);
  const created = await tx.em.execute<
    { id: string; endpoint_id: string; event_id: string; organization_id: string; event_type: string }[]
  >(
    `insert into webhook_delivery (id, organization_id, event_id, endpoint_id, event_type, resource_key, event_seq, status, redelivery, created_at)
     select gen_random_uuid(), e.organization_id, m.id, e.id, r.event_type, r.resource_key, m.seq, 'pending', false, ?
     from unnest(?::uuid[], ?::text[], ?::text[]) as r(event_id, event_type, resource_key)
     join outbox_message m on m.id = r.event_id
     join webhook_endpoint e on e.organization_id = m.organization_id and e.deleted_at is null and e.enabled and r.event_type = any(e.events)
     on conflict (event_id, endpoint_id) where not redelivery do nothing
     returning id, endpoint_id, event_id, organization_id, event_type`,
    [
      deps.clock.now(),
      pgArray(events.map((event) => event.id)),
      pgArray(payloads.map((payload) => payload.type)),
      pgArray(payloads.map((payload) => resourceKey(payload.type, payload.data))),
    ],
  );
  const byEndpoint = new Map<string, { organizationId: string; ids: string[] }>();
  for (const row of created) {
    const entry = byEndpoint.get(row.endpoint_id) ?? { organizationId: row.organization_id, ids: [] };
    byEndpoint.set(row.endpoint_id, entry);
    entry.ids.push(row.id);
  }
  for (const [endpointId, { organizationId, ids }] of byEndpoint) {
    deps.outbox.enqueueWorkflowStart(tx, organizationId, endpointDeliveriesStart(endpointId, ids, deps.policy));
  }
}

/** A PostgreSQL array literal of plain strings (ids, event types, resource keys), each quoted. */
export function pgArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
