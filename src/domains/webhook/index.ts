export { WebhookEndpointService } from './webhook-endpoint.service';
export { WebhookDeliveryService, type AttemptOutcome } from './webhook-delivery.service';
export { DeliveryAttemptFailed, DeliveryRefused } from './webhook.errors';
export { WebhookLogService } from './webhook-log.service';
export { webhookRoutes } from './webhook.routes';
export { webhookModule } from './webhook.module';
