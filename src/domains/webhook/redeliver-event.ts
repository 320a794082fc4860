// Redelivery: an event sent again, with the same event id, to every endpoint that received it (or that wants it now).
import type { DeliveryPolicy } from '../../contracts/webhook-delivery-policy';
import type { WebhookPayload } from '../../contracts/webhook-payload';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import { ResourceNotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { OUTBOX_KINDS, OutboxMessage, type OutboxService } from '../../platform/outbox';
import { deliveryStart } from './delivery-start';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';
import { resourceKey } from './webhook.logic';

/** One new delivery per live endpoint, each started by its workflow; answers how many. */
export async function redeliverEvent(
  deps: { clock: Clock; outbox: OutboxService; policy: DeliveryPolicy },
  tx: Tx,
  organizationId: string,
  eventId: string,
) {
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
      createdAt: deps.clock.now(),
      modifiedAt: null,
    });
    deps.outbox.enqueueWorkflowStart(
      tx,
      organizationId,
      deliveryStart(delivery.id, eventId, endpoint.id, payload.type, true, deps.policy),
    );
  }
  await tx.em.flush();
  return live.length;
}
