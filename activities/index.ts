// Activities are thin calls into domain services; each gets its own entity manager (one transaction per call).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { IdempotencyService } from '../src/platform/idempotency';
import type { BenefitGrantService, GrantRequests } from '../src/domains/benefit';
import type { CheckoutFlowDeps } from '../src/domains/checkout';
import type { OrderDocumentService, OrderService, RefundService } from '../src/domains/order';
import type { BillingDeps, SubscriptionCommandService } from '../src/domains/subscription';
import type { TestClockService } from '../src/domains/test-clock';
import type { WebhookDeliveryService } from '../src/domains/webhook';
import type { EmailService } from '../src/platform/email';
import type { MeterRollupService } from '../src/domains/meter';
import { createBenefitGrantActivities } from './benefit-grant.activities';
import { createCheckoutActivities } from './checkout.activities';
import { createEmailActivities } from './email.activities';
import { createOrderDocumentActivities } from './order-document.activities';
import { createRefundActivities } from './refund.activities';
import { createSubscriptionActivities } from './subscription.activities';
import { createTestClockActivities } from './test-clock.activities';
import { createWebhookActivities } from './webhook.activities';
import { createMeterActivities } from './meter.activities';

export interface ActivityDeps {
  orm: MikroORM;
  idempotency: IdempotencyService;
  webhookDeliveries: WebhookDeliveryService;
  checkoutFlow: CheckoutFlowDeps;
  orders: OrderService;
  documents: OrderDocumentService;
  refunds: RefundService;
  subscriptionBilling: BillingDeps;
  subscriptionCommands: SubscriptionCommandService;
  testClocks: TestClockService;
  grants: BenefitGrantService;
  grantRequests: GrantRequests;
  email: EmailService;
  meterRollups: MeterRollupService;
}

export const createActivities = (deps: ActivityDeps) => ({
  /** Deletes expired idempotency keys; returns how many. */
  async purgeExpiredIdempotencyKeys(): Promise<number> {
    return deps.idempotency.purgeExpired(deps.orm.em.fork());
  },
  ...createWebhookActivities(deps.webhookDeliveries),
  ...createCheckoutActivities(deps.orm, deps.checkoutFlow, deps.orders, deps.subscriptionBilling),
  ...createOrderDocumentActivities(deps.documents),
  ...createRefundActivities(deps.refunds),
  ...createSubscriptionActivities(deps.subscriptionBilling, deps.subscriptionCommands),
  ...createTestClockActivities(deps.testClocks),
  ...createBenefitGrantActivities(deps.grants, deps.grantRequests),
  ...createEmailActivities(deps.email),
  ...createMeterActivities(deps.orm, deps.meterRollups),
});

export type Activities = ReturnType<typeof createActivities>;
