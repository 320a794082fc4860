export { WebhookEndpointService } from './webhook-endpoint.service';
export { WebhookDeliveryService, DeliveryAttemptFailed, DeliveryRefused } from './webhook-delivery.service';
export { WebhookLogService } from './webhook-log.service';
export { webhookRoutes } from './webhook.routes';
