// Business counters, each labelled with its environment. `BusinessMetrics` is one environment's view of them, given
// to the modules that count what happens in them (a service of the platform module).
import { Counter } from 'prom-client';
import { OrderBillingReason } from '../../contracts/order-status';
import { registry, type EnvironmentLabel } from './registry';

const counter = <L extends string>(name: string, help: string, labels: readonly L[] = []) =>
  new Counter<L | 'environment'>({ name, help, labelNames: ['environment', ...labels], registers: [registry] });

const counters = {
  checkouts: counter('bursar_checkouts_created_total', 'Checkout sessions created.'),
  ordersPaid: counter('bursar_orders_paid_total', 'Orders paid, by billing reason.', ['billing_reason']),
  renewals: counter('bursar_subscription_renewals_total', "Subscription cycles billed (a renewal's order written)."),
  chargesFailed: counter('bursar_charges_failed_total', 'Charge attempts declined, by decline code.', ['reason']),
  refunds: counter('bursar_refunds_created_total', 'Refunds created.'),
  eventsIngested: counter(
    'bursar_events_ingested_total',
    'Usage events written (duplicates of a stored event not counted).',
  ),
  webhookDeliveries: counter(
    'bursar_webhook_deliveries_total',
    'Webhook deliveries settled: delivered (an attempt answered 2xx) or failed for good (retries exhausted, refused).',
    ['outcome'],
  ),
  webhookAttempts: counter('bursar_webhook_attempts_total', 'Webhook POST attempts, by result.', ['result']),
};

export type WebhookDeliveryOutcome = 'delivered' | 'failed';

export class BusinessMetrics {
  /**
   * Starts this environment's series at 0, so that they exist before their first event: a series that appears at 1
   * has no increase to show for it (the reason of a decline is known only then).
   */
  constructor(readonly environment: EnvironmentLabel) {
    const zero = { environment };
    for (const c of [counters.checkouts, counters.renewals, counters.refunds, counters.eventsIngested]) c.inc(zero, 0);
    for (const reason of OrderBillingReason.options) counters.ordersPaid.inc({ ...zero, billing_reason: reason }, 0);
    for (const outcome of ['delivered', 'failed']) counters.webhookDeliveries.inc({ ...zero, outcome }, 0);
    for (const result of ['success', 'failure']) counters.webhookAttempts.inc({ ...zero, result }, 0);
  }

  checkoutCreated(): void {
    counters.checkouts.inc({ environment: this.environment });
  }

  orderPaid(billingReason: string): void {
    counters.ordersPaid.inc({ environment: this.environment, billing_reason: billingReason });
  }

  subscriptionRenewed(): void {
    counters.renewals.inc({ environment: this.environment });
  }

  chargeFailed(reason: string): void {
    counters.chargesFailed.inc({ environment: this.environment, reason: reason || 'unknown' });
  }

  refundCreated(): void {
    counters.refunds.inc({ environment: this.environment });
  }

  eventsIngested(count: number): void {
    if (count > 0) counters.eventsIngested.inc({ environment: this.environment }, count);
  }

  /** Attempts made (`succeeded` of each); each success is also a delivery delivered. */
  webhookAttempts(attempts: readonly { succeeded: boolean }[]): void {
    for (const { succeeded } of attempts) {
      counters.webhookAttempts.inc({ environment: this.environment, result: succeeded ? 'success' : 'failure' });
      if (succeeded) this.webhookDelivery('delivered');
    }
  }

  webhookDelivery(outcome: WebhookDeliveryOutcome): void {
    counters.webhookDeliveries.inc({ environment: this.environment, outcome });
  }
}
