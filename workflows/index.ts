// Every workflow the worker runs; the Temporal bundler starts from this file.
export { purgeIdempotencyKeys } from './maintenance.workflow';
export { webhookDelivery } from './webhook-delivery.workflow';
export { webhookEndpointDeliveries } from './webhook-endpoint.workflow';
export { checkoutSession } from './checkout.workflow';
export { orderLifecycle } from './order.workflow';
export { refundLifecycle } from './refund.workflow';
export { invoiceGeneration, receiptRendering } from './document.workflow';
export { subscriptionLifecycle } from './subscription.workflow';
export { testClockLifecycle } from './test-clock.workflow';
export { benefitGrantLifecycle } from './benefit-grant.workflow';
export { benefitGrantFanOut } from './grant-fan-out.workflow';
export { sendEmail } from './email.workflow';
export { meterRollupRebuild } from './meter-rollups.workflow';
export { ensureEventPartitions } from './event-partitions.workflow';
export { disputeLifecycle } from './dispute.workflow';
export { orderPayment } from './order-payment.workflow';
export { seatLifecycle } from './seat.workflow';
export { simulationRun } from './simulation.workflow';
