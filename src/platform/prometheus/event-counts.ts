// The business counters the webhook events already say happened, counted once the transaction writing them commits.
import type { EventListener } from '../outbox';
import type { BusinessMetrics } from './business-metrics';

export function countEvents(metrics: BusinessMetrics): EventListener {
  return (tx, _organizationId, type, payload) => {
    const count = countOf(metrics, type, payload.data);
    if (count) tx.afterCommit(async () => count());
  };
}

function countOf(metrics: BusinessMetrics, type: string, data: Record<string, unknown>): (() => void) | null {
  switch (type) {
    case 'checkout.created':
      return () => metrics.checkoutCreated();
    case 'order.paid':
      return () => metrics.orderPaid(String(data.billing_reason));
    case 'order.created':
      return data.billing_reason === 'subscription_cycle' ? () => metrics.subscriptionRenewed() : null;
    case 'refund.created':
      return () => metrics.refundCreated();
    default:
      return null;
  }
}
