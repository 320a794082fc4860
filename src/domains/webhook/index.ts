export { type DeliveryDeps } from './webhook-delivery.service';
export { attemptDelivery, type AttemptOutcome } from './attempt-delivery';
export { deliverBatch, type BatchOutcome } from './deliver-batch';
export { earlierPendingDeliveries } from './behind-earlier';
export { failDelivery } from './fail-delivery';
export { DeliveryAttemptFailed, DeliveryRefused } from './webhook.errors';
export { webhookModule } from './webhook.module';
export { eventDeliveries, type EventDelivery } from './event-deliveries';
