// What the dispute domain's steps need: the database, time, the processor, and the orders, organizations,
// customers and subscriptions a dispute reaches through their indexes.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { Clock } from '../../kernel/clock';
import type { OutboxService } from '../../platform/outbox';
import type { FlowClient } from '../../platform/temporal/flow-client';
import type { CustomerService } from '../customer';
import type { OrderService } from '../order';
import type { OrganizationService } from '../organization';
import type { PaymentService } from '../payment';
import type { TestClockQueries } from '../test-clock';

/** What opening a dispute needs (it runs inside a payment's or an event's transaction). */
export interface DisputeOpenDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  processor: PaymentProcessor | null;
  orders: OrderService;
  organizations: OrganizationService;
  customers: CustomerService;
  testClocks: TestClockQueries;
}

/** What the dispute's workflow steps and its API need besides. */
export interface DisputeDeps extends DisputeOpenDeps {
  flows: FlowClient;
  payments: Pick<PaymentService, 'ofCharge'>;
  sandbox: boolean;
  /** Revokes a subscription whose order's dispute was lost (when the organization's setting says so). */
  revokeSubscription: (organizationId: string, subscriptionId: string) => Promise<void>;
}
