// Activities are thin calls into domain services; each gets its own entity manager (one transaction per call).
import type { Services } from '../src/platform/module';
import { createBenefitGrantActivities } from './benefit-grant.activities';
import { createCheckoutActivities } from './checkout.activities';
import { createEmailActivities } from './email.activities';
import { createOrderDocumentActivities } from './order-document.activities';
import { createRefundActivities } from './refund.activities';
import { createSubscriptionActivities } from './subscription.activities';
import { createTestClockActivities } from './test-clock.activities';
import { createWebhookActivities } from './webhook.activities';
import { createMeterActivities } from './meter.activities';
import { createDisputeActivities } from './dispute.activities';
import { createOrderPaymentActivities } from './order-payment.activities';
import { createSeatActivities } from './seat.activities';
import { createReconciliationActivities } from './reconciliation.activities';
import { createSimulationActivities } from './simulation.activities';

/** The services the activities call, as the modules provide them. */
export type ActivityDeps = Pick<
  Services,
  | 'orm'
  | 'idempotency'
  | 'webhookFlow'
  | 'checkoutFlow'
  | 'orders'
  | 'documentFlow'
  | 'refundFlow'
  | 'subscriptionBilling'
  | 'subscriptionCommands'
  | 'testClocks'
  | 'grants'
  | 'grantRequests'
  | 'email'
  | 'meterRollups'
  | 'disputeFlow'
  | 'orderPayments'
  | 'seatFlow'
  | 'reconciliationRuns'
  | 'simulationRuns'
>;

export const createActivities = (deps: ActivityDeps) => ({
  /** Deletes expired idempotency keys; returns how many. */
  async purgeExpiredIdempotencyKeys(): Promise<number> {
    return deps.idempotency.purgeExpired(deps.orm.em.fork());
  },
  ...createWebhookActivities(deps.webhookFlow),
  ...createCheckoutActivities(deps.orm, deps.checkoutFlow, deps.orders, deps.subscriptionBilling),
  ...createOrderDocumentActivities(deps.documentFlow),
  ...createRefundActivities(deps.refundFlow),
  ...createSubscriptionActivities(deps.subscriptionBilling, deps.subscriptionCommands),
  ...createTestClockActivities(deps.testClocks),
  ...createBenefitGrantActivities(deps.grants, deps.grantRequests),
  ...createEmailActivities(deps.email),
  ...createMeterActivities(deps.orm, deps.meterRollups),
  ...createDisputeActivities(deps.disputeFlow),
  ...createOrderPaymentActivities(deps.orderPayments, deps.subscriptionBilling),
  ...createSeatActivities(deps.seatFlow),
  ...createReconciliationActivities(deps.reconciliationRuns),
  ...createSimulationActivities(deps.simulationRuns),
});

export type Activities = ReturnType<typeof createActivities>;
