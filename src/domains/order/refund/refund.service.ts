// Refunds: created pending against a paid order (never more than it has left, pending refunds included), then carried
// out by their `refund:<id>` workflow's steps (process-refund.ts, settle-refund.ts).
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../../adapters/payment/payment-processor';
import type { Refund as RefundOutput } from '../../../contracts/refund';
import type { RefundCreate } from '../../../contracts/refund-create';
import type { RefundListQuery } from '../../../contracts/refund-list-query';
import type { Clock } from '../../../kernel/clock';
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { OrganizationService } from '../../organization';
import type { TestClockQueries } from '../../test-clock';
import type { GrantSyncPort } from '../order-deps';
import type { OrderService } from '../order.service';
import { createRefund } from './create-refund';
import { listRefunds } from './list-refunds';
import type { Refund } from './refund.entity';
import { refundOutput } from './refund.output';

export interface RefundDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  orders: OrderService;
  organizations: Pick<OrganizationService, 'findOrganization'>;
  processor: PaymentProcessor | null;
  /** How often a refund the processor keeps pending is asked about again. */
  statusCheckIntervalMs: number;
  grants: GrantSyncPort;
  /** A test-clock customer's refunds happen at the clock's time. */
  testClocks: TestClockQueries;
}

export class RefundService {
  constructor(private readonly deps: RefundDeps) {}

  /** Writes a pending refund, refund.created and the start of its workflow; the order row is locked meanwhile. */
  create(tx: Tx, organizationId: string, input: RefundCreate): Promise<Refund> {
    return createRefund(this.deps, tx, organizationId, input);
  }

  list(em: EntityManager, organizationId: string, query: RefundListQuery) {
    return listRefunds(em, organizationId, query);
  }

  output(refund: Refund): RefundOutput {
    return refundOutput(refund);
  }
}
