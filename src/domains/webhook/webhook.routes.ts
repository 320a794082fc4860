// HTTP surface of webhooks: endpoints, their secrets, the delivery log, and redelivery.
import type { RouteDefinition } from '../../platform/http/route';
import type { WebhookDeliveryService } from './webhook-delivery.service';
import type { WebhookEndpointService } from './webhook-endpoint.service';
import type { WebhookLogService } from './webhook-log.service';
import { webhookDeliveryRoutes } from './webhook-deliveries.routes';
import { webhookEndpointRoutes } from './webhook-endpoint.routes';
import { webhookEndpointsRoutes } from './webhook-endpoints.routes';

export function webhookRoutes({
  endpoints,
  deliveries,
  log,
}: {
  endpoints: WebhookEndpointService;
  deliveries: WebhookDeliveryService;
  log: WebhookLogService;
}): RouteDefinition[] {
  return [
    ...webhookEndpointsRoutes(endpoints),
    ...webhookEndpointRoutes(endpoints),
    ...webhookDeliveryRoutes({ deliveries, log }),
  ];
}
