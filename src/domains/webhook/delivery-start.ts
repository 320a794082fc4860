// The outbox starts of webhook deliveries: the endpoint's batching flow signalled with a transaction's deliveries,
// and one delivery's own flow, keyed by event and endpoint (and by delivery for a redelivery).
import type { DeliveryPolicy } from '../../contracts/webhook-delivery-policy';
import { flowStart, type WorkflowStart } from '../../platform/temporal/flow-start';
import { deliverWebhooksSignal, FLOWS, type WebhookDeliveryInput } from '../../../workflows/definitions';

/** `attemptsMade`: attempts the endpoint's batch made already (the flow goes on at the next). */
export function deliveryStart(
  deliveryId: string,
  eventId: string,
  endpointId: string,
  eventType: string,
  redelivery: boolean,
  policy: DeliveryPolicy,
  attemptsMade = 0,
): WorkflowStart {
  const input: WebhookDeliveryInput = { deliveryId, policy, ...(attemptsMade ? { attemptsMade } : {}) };
  return flowStart(FLOWS.webhookDelivery, [eventId, endpointId, redelivery ? deliveryId : undefined], input, {
    searchAttributes: { WebhookEndpointId: endpointId, WebhookEventId: eventId, WebhookEventType: eventType },
    summary: `${eventType} → endpoint ${endpointId}${redelivery ? ' (redelivery)' : ''}`,
  });
}

/** A transaction's new deliveries to one endpoint, handed to its batching flow (started again if it ended). */
export function endpointDeliveriesStart(
  endpointId: string,
  deliveryIds: string[],
  policy: DeliveryPolicy,
): WorkflowStart {
  return flowStart(
    FLOWS.webhookEndpoint,
    [endpointId],
    { endpointId, policy },
    {
      searchAttributes: { WebhookEndpointId: endpointId },
      summary: `deliveries → endpoint ${endpointId}`,
      reusable: true,
      signal: deliverWebhooksSignal,
      signalArgs: [deliveryIds],
    },
  );
}
