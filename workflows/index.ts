// Every workflow the worker runs; the Temporal bundler starts from this file.
export { purgeIdempotencyKeys } from './maintenance.workflow';
export { webhookDelivery } from './webhook-delivery.workflow';
