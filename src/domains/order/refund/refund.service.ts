// Refunds: created pending against a paid order (never more than it has left, pending refunds included), then carried
// out by their `refund:<id>` workflow — the processor refund, then succeeded (credit note, order amounts) or failed.
import { flowStart } from '../../../platform/temporal/flow-start';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { FLOWS, type RefundInput } from '../../../../workflows/definitions';
import { RefundDeclined, type PaymentProcessor } from '../../../adapters/payment/payment-processor';
import type { Refund as RefundOutput, RefundCreate, RefundListQuery } from '../../../contracts/refund';
import type { Clock } from '../../../kernel/clock';
import { newId } from '../../../kernel/ids';
import { OwnedRepository } from '../../../platform/database/owned-repository';
import { inTransaction, type Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { OrganizationService } from '../../organization';
import { CREDIT_NOTE_SERIES, creditNoteNumber, invoicePrefix } from '../document/document-numbers.logic';
import { nextInSeries } from '../document/document-number';
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
import {
  refundableAmounts,
  refundTaxAmount,
  statusAfterRefund,
  processorRefundAmount,
  type RefundAmounts,
} from './refund.logic';
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

/** The processor's answer: refunded, refused for good, or still pending (asked again every `checkEveryMs`). */
export type ProcessorRefundOutcome =
  { processorRefundId: string; pending?: { checkEveryMs: number } } | { failure: string };

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

  /**
   * Asks the processor to give back the refund and its tax, keyed `refund:<id>`: a retry after a lost worker gets the
   * same processor refund. A refusal for good is returned, not thrown; anything else is retried.
   */
  async process(refundId: string): Promise<ProcessorRefundOutcome> {
    const em = this.deps.orm.em.fork();
    const refund = await em.findOneOrFail(Refund, { id: refundId });
    const order = await em.findOneOrFail(Order, { id: refund.orderId });
    if (!this.deps.processor) return { failure: 'No payment processor is configured.' };
    try {
      const { refundId: processorRefundId, pending } = await this.deps.processor.refund({
        chargeId: order.chargeId!,
        amount: processorRefundAmount(refund),
        idempotencyKey: `refund:${refund.id}`,
      });
      return pending
        ? { processorRefundId, pending: { checkEveryMs: this.deps.statusCheckIntervalMs } }
        : { processorRefundId };
    } catch (error) {
      if (error instanceof RefundDeclined) return { failure: error.message };
      throw error;
    }
  }

  /** Where a refund the processor reported pending stands now. */
  processorStatus(processorRefundId: string): Promise<'pending' | 'succeeded' | 'failed'> {
    return this.deps.processor!.refundStatus(processorRefundId);
  }

  /**
   * Pending → succeeded, once: the credit note's number, the order's refunded amounts, status and receipt revision;
   * then refund.updated, order.updated and order.refunded.
   */
  async succeed(refundId: string, processorRefundId: string): Promise<void> {
    await inTransaction(this.deps.orm, async (tx) => {
      const { order, refund } = await this.lockPending(tx.em, refundId);
      if (!refund) return; // a retried step: already recorded
      const organization = await this.deps.organizations.findOrganization(tx.em, refund.organizationId);
      const number = await nextInSeries(tx.em, refund.organizationId, CREDIT_NOTE_SERIES);
      const now = this.deps.clock.now();
      Object.assign(refund, {
        status: 'succeeded',
        processorRefundId,
        creditNoteNumber: creditNoteNumber(invoicePrefix(organization), number),
        modifiedAt: now,
      });
      order.refundedAmount += refund.amount;
      order.refundedTaxAmount += refund.taxAmount;
      Object.assign(order, {
        status: statusAfterRefund(order),
        receiptRevision: order.receiptRevision + 1,
        modifiedAt: now,
      });
      await tx.em.flush();
      const orderOutput = await this.deps.orders.output(tx.em, order);
      this.deps.outbox.enqueueEvent(tx, refund.organizationId, 'refund.updated', refundOutput(refund));
      this.deps.outbox.enqueueEvent(tx, refund.organizationId, 'order.updated', orderOutput);
      this.deps.outbox.enqueueEvent(tx, refund.organizationId, 'order.refunded', orderOutput);
      if (refund.revokeBenefits)
        await this.deps.grants.syncSource(
          tx,
          order.organizationId,
          order.customerId,
          { kind: 'order', id: order.id },
          order.productId,
        );
    });
  }

  /** Pending → failed, once, with the processor's reason (refund.updated); the amount is refundable again. */
  async fail(refundId: string, reason: string): Promise<void> {
    await inTransaction(this.deps.orm, async (tx) => {
      const { refund } = await this.lockPending(tx.em, refundId);
      if (!refund) return;
      Object.assign(refund, {
        status: 'failed',
        failureReason: reason.slice(0, 2000),
        modifiedAt: this.deps.clock.now(),
      });
      await tx.em.flush();
      this.deps.outbox.enqueueEvent(tx, refund.organizationId, 'refund.updated', refundOutput(refund));
    });
  }

  /** The order then the refund, locked in the order `create` takes them; `refund` is null unless still pending. */
  private async lockPending(em: EntityManager, refundId: string): Promise<{ order: Order; refund: Refund | null }> {
    const { orderId } = await em.findOneOrFail(Refund, { id: refundId });
    const order = await em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const refund = await em.findOneOrFail(
      Refund,
      { id: refundId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    return { order, refund: refund.status === 'pending' ? refund : null };
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
