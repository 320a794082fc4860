// The outbox start of one delivery's workflow, keyed by event and endpoint (and by delivery for a redelivery).
import type { DeliveryPolicy } from '../../contracts/webhook-delivery-policy';
import { flowStart, type WorkflowStart } from '../../platform/temporal/flow-start';
import { FLOWS, type WebhookDeliveryInput } from '../../../workflows/definitions';

export function deliveryStart(
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
