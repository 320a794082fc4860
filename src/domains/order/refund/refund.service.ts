// Refunds: created pending against a paid order (never more than it has left, pending refunds included), then carried
// out by their `refund:<id>` workflow's steps (process-refund.ts, settle-refund.ts).
import { flowStart } from '../../../platform/temporal/flow-start';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { FLOWS, type RefundInput } from '../../../../workflows/definitions';
import type { PaymentProcessor } from '../../../adapters/payment/payment-processor';
import type { Refund as RefundOutput } from '../../../contracts/refund';
import type { RefundCreate } from '../../../contracts/refund-create';
import type { RefundListQuery } from '../../../contracts/refund-list-query';
import type { Clock } from '../../../kernel/clock';
import { newId } from '../../../kernel/ids';
import { OwnedRepository } from '../../../platform/database/owned-repository';
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { OrganizationService } from '../../organization';
import { Order } from '../order.entity';
import type { GrantSyncPort } from '../order-deps';
import type { OrderService } from '../order.service';
import { Refund } from './refund.entity';
import {
  nothingCharged,
  overRefundable,
  RefundedAlready,
  RevokeSubscriptionBenefitsProhibited,
  unknownOrder,
  unpaidOrder,
} from './refund.errors';
import { refundableAmounts, refundTaxAmount, type RefundAmounts } from './refund.logic';
import { refundOutput } from './refund.output';

const SORT_COLUMNS = { created_at: 'createdAt', amount: 'amount' } as const;

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
}

const refunds = new OwnedRepository(Refund, { label: 'Refund' });

export class RefundService {
  constructor(private readonly deps: RefundDeps) {}

  /** Writes a pending refund, refund.created and the start of its workflow; the order row is locked meanwhile. */
  async create(tx: Tx, organizationId: string, input: RefundCreate): Promise<Refund> {
    const order = await tx.em.findOne(
      Order,
      { id: input.order_id, organizationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!order) throw unknownOrder();
    if (order.status === 'refunded') throw new RefundedAlready();
    if (order.status !== 'paid' && order.status !== 'partially_refunded') throw unpaidOrder(order.status);
    if (input.revoke_benefits && order.subscriptionId) throw new RevokeSubscriptionBenefitsProhibited();
    if (!order.chargeId) throw nothingCharged();
    const refundable = refundableAmounts(order, await this.pendingOf(tx.em, order.id));
    if (input.amount > refundable.amount) throw overRefundable(refundable.amount);

    const refund = tx.em.create(Refund, {
      id: newId(),
      organizationId,
      orderId: order.id,
      subscriptionId: order.subscriptionId,
      customerId: order.customerId,
      status: 'pending',
      reason: input.reason,
      amount: input.amount,
      taxAmount: refundTaxAmount(order, refundable, input.amount),
      currency: order.currency,
      comment: input.comment ?? null,
      revokeBenefits: input.revoke_benefits,
      metadata: input.metadata,
      processorRefundId: null,
      failureReason: null,
      creditNoteNumber: null,
      creditNotePath: null,
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
    });
    await tx.em.flush();
    this.deps.outbox.enqueueEvent(tx, organizationId, 'refund.created', refundOutput(refund));
    const flowInput: RefundInput = { refundId: refund.id };
    this.deps.outbox.enqueueWorkflowStart(
      tx,
      organizationId,
      flowStart(FLOWS.refund, [refund.id], flowInput, {
        searchAttributes: { OrderId: order.id, CustomerId: order.customerId },
        summary: `Refund ${refund.id} of order ${order.id}`,
      }),
    );
    return refund;
  }

  list(em: EntityManager, organizationId: string, query: RefundListQuery) {
    return refunds.list(em, organizationId, query, {
      alias: 'r',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.id) qb.andWhere({ id: { $in: query.id } });
        if (query.order_id) qb.andWhere({ orderId: { $in: query.order_id } });
        if (query.subscription_id) qb.andWhere({ subscriptionId: { $in: query.subscription_id } });
        if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
        if (query.external_customer_id)
          qb.andWhere('r.customer_id in (select id from customer where external_id in (?))', [
            query.external_customer_id,
          ]);
        if (query.succeeded !== undefined)
          qb.andWhere({ status: query.succeeded ? 'succeeded' : { $ne: 'succeeded' } });
      },
    });
  }

  output(refund: Refund): RefundOutput {
    return refundOutput(refund);
  }

  /** What the order's pending refunds have claimed. */
  private async pendingOf(em: EntityManager, orderId: string): Promise<RefundAmounts> {
    const [row] = await em.execute<{ amount: number; tax_amount: number }[]>(
      `select coalesce(sum(amount), 0)::int as amount, coalesce(sum(tax_amount), 0)::int as tax_amount
       from refund where order_id = ? and status = 'pending'`,
      [orderId],
    );
    return { amount: row.amount, taxAmount: row.tax_amount };
  }
}
