// Webhook delivery: fans each event out to the subscribed endpoints, each delivery carried out by its workflow's steps
// (attempt-delivery.ts, fail-delivery.ts), and redelivers an event on request.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DeliveryPolicy } from '../../contracts/webhook-delivery-policy';
import type { WebhookPayload } from '../../contracts/webhook-payload';
import type { Tx } from '../../platform/database/transaction';
import { inTransaction } from '../../platform/database/transaction';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { OUTBOX_KINDS, OutboxMessage, type OutboxService } from '../../platform/outbox';
import { flowStart, type WorkflowStart } from '../../platform/temporal/flow-start';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';
import type { WebhookEndpointService } from './webhook-endpoint.service';
import { resourceKey } from './webhook.logic';
import { FLOWS, type WebhookDeliveryInput } from '../../../workflows/definitions';

export interface DeliveryDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  endpoints: WebhookEndpointService;
  policy: DeliveryPolicy;
  disableAfterFailures: number;
}

export class WebhookDeliveryService {
  constructor(private readonly deps: DeliveryDeps) {}

  /**
   * The outbox dispatcher of events: one delivery per enabled, subscribed endpoint and event, each started by its
   * workflow; the events of a transaction in one statement. Run again for the same events, it adds nothing.
   */
  async fanOut(events: OutboxMessage[]): Promise<void> {
    const payloads = events.map((event) => event.payload as unknown as WebhookPayload);
    await inTransaction(this.deps.orm, async (tx) => {
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
          this.deps.clock.now(),
          pgArray(events.map((event) => event.id)),
          pgArray(payloads.map((payload) => payload.type)),
          pgArray(payloads.map((payload) => resourceKey(payload.type, payload.data))),
        ],
      );
      for (const row of created) {
        this.deps.outbox.enqueueWorkflowStart(
          tx,
          row.organization_id,
          deliveryStart(row.id, row.event_id, row.endpoint_id, row.event_type, false, this.deps.policy),
        );
      }
    });
  }

  /** Delivers an event again, with the same event id, to every endpoint that received it (or, if none, that wants it now). */
  async redeliver(tx: Tx, organizationId: string, eventId: string): Promise<number> {
    const event = await tx.em.findOne(OutboxMessage, { id: eventId, organizationId, kind: OUTBOX_KINDS.event });
    if (!event) throw new ResourceNotFound('Webhook event not found.');
    const payload = event.payload as unknown as WebhookPayload;
    const previous = await tx.em.find(WebhookDelivery, { eventId }, { orderBy: { createdAt: 'asc' } });
    const endpointIds = previous.length
      ? [...new Set(previous.map((d) => d.endpointId))]
      : (
          await tx.em.find(WebhookEndpoint, {
            organizationId,
            enabled: true,
            deletedAt: null,
            events: { $contains: [payload.type] },
          })
        ).map((e) => e.id);
    const live = await tx.em.find(WebhookEndpoint, { id: { $in: endpointIds }, deletedAt: null });
    const [{ seq }] = await tx.em.execute<{ seq: string }[]>('select seq from outbox_message where id = ?', [eventId]);
    for (const endpoint of live) {
      const delivery = tx.em.create(WebhookDelivery, {
        id: newId(),
        organizationId,
        eventId,
        endpointId: endpoint.id,
        eventType: payload.type,
        resourceKey: resourceKey(payload.type, payload.data),
        eventSeq: seq,
        status: 'pending',
        lastHttpCode: null,
        redelivery: true,
        createdAt: this.deps.clock.now(),
        modifiedAt: null,
      });
      this.deps.outbox.enqueueWorkflowStart(
        tx,
        organizationId,
        deliveryStart(delivery.id, eventId, endpoint.id, payload.type, true, this.deps.policy),
      );
    }
    await tx.em.flush();
    return live.length;
  }
}

function deliveryStart(
  deliveryId: string,
  eventId: string,
  endpointId: string,
  eventType: string,
  redelivery: boolean,
  policy: DeliveryPolicy,
): WorkflowStart {
  const input: WebhookDeliveryInput = { deliveryId, policy };
  return flowStart(FLOWS.webhookDelivery, [eventId, endpointId, redelivery ? deliveryId : undefined], input, {
    searchAttributes: { WebhookEndpointId: endpointId, WebhookEventId: eventId, WebhookEventType: eventType },
    summary: `${eventType} → endpoint ${endpointId}${redelivery ? ' (redelivery)' : ''}`,
  });
}

/** A PostgreSQL array literal of plain strings (ids, event types, resource keys), each quoted. */
function pgArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
