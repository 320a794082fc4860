// Orders: created pending from a checkout or a subscription's renewal or change (once each), then paid or voided.
// Events in the spec's order: order.created when it is written, order.updated and order.paid when payment completes.
import type { EntityManager } from '@mikro-orm/postgresql';
import { markOrderDispute, type DisputeChange } from './order-dispute';
import type { Order as OrderOutput } from '../../contracts/order';
import type { OrderUpdate } from '../../contracts/order-invoice';
import { ResourceNotFound } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import { OrderNumbers } from './document/order-numbers';
import { Order } from './order.entity';
import { createOrder, type OrderCreateReads } from './create-order';
import type { OrderCreate } from '../../contracts/order-create';
import { createDraftOrder } from './create-draft-order';
import { emailPayLink } from './email-pay-link';
import { finalizeOrder } from './finalize-order';
import type { OrderPaymentReads } from './order-payment';
import type { NewOrder } from './new-order';
import type { OrderDeps } from './order-deps';
import { listOrders, orders, type OrderListOptions } from './order-list';
import { readOrderOutput, readOrderOutputs } from './order-outputs';
import { markOrderPaid } from './order-payment';
import { scheduleOrderRetry } from './schedule-order-retry';
import { startOrderWorkflow } from './start-order-workflow';
import { updateOrder } from './update-order';
import { voidPendingOrders } from './void-pending-orders';
import { writtenIn } from './written-orders';

export class OrderService {
  readonly numbers: OrderNumbers;

  constructor(private readonly deps: OrderDeps) {
    this.numbers = new OrderNumbers(deps);
  }

  /** Writes a pending order and order.created, once per checkout or cycle key. */
  create(tx: Tx, input: NewOrder, known?: OrderCreateReads): Promise<Order> {
    return createOrder(this.deps, this.numbers, tx, input, known);
  }

  /** Writes a draft order (nothing sent until it is finalized). */
  createDraft(tx: Tx, organizationId: string, body: OrderCreate): Promise<Order> {
    return createDraftOrder(this.deps, tx, organizationId, body);
  }

  /** Draft → pending: taxed, numbered, order.created, its `order:<id>` flow started; 412 unless a draft. */
  finalize(tx: Tx, organizationId: string, id: string): Promise<Order> {
    return finalizeOrder(this.deps, this.numbers, tx, organizationId, id);
  }

  /** E-mails the customer a link to pay the pending order (the pay page). */
  emailPayLink(tx: Tx, order: Order, reason: 'invoice' | 'declined'): Promise<void> {
    return emailPayLink(this.deps, tx, order, reason);
  }

  /** The order a pay link's token is for (null: malformed, forged or expired). */
  orderOfPayLink(token: string): string | null {
    return this.deps.payLinks.orderOf(token);
  }

  /**
   * Starts `order:<id>`, which marks a one-time purchase paid (unless `paid`: the caller's transaction does), through
   * the outbox once the caller's transaction commits.
   */
  startFlow(tx: Tx, order: Order, chargeId: string | null, paid = false): void {
    startOrderWorkflow(this.deps, tx, order, chargeId, paid);
  }

  /** Pending → paid, once: order.updated then order.paid, the grants synced, the receipt e-mailed. Paying a paid order changes nothing. */
  markPaid(
    tx: Tx,
    orderId: string,
    chargeId: string | null,
    at?: Date,
    known?: OrderPaymentReads,
  ): Promise<{ order: Order; paidNow: boolean }> {
    return markOrderPaid(this.deps, this.numbers, tx, orderId, chargeId, at, known);
  }

  /**
   * What writing the order read in this transaction (its items, the records it embeds, the customer's short ID and
   * the organization's name), for paying it in a later one of the same step without reading them again.
   */
  writtenReads(tx: Tx, orderId: string): OrderPaymentReads | undefined {
    return writtenIn(tx.em, orderId)?.reads;
  }

  /** An unpaid renewal's next dunning retry (order.updated). */
  scheduleRetry(tx: Tx, orderId: string, nextAttemptAt: Date | null, at: Date): Promise<void> {
    return scheduleOrderRetry(this.deps, tx, orderId, nextAttemptAt, at);
  }

  /** Payment will not be collected (the subscription ended): every pending order of it becomes `void` (order.updated). */
  voidPending(tx: Tx, subscriptionId: string, at: Date): Promise<void> {
    return voidPendingOrders(this.deps, tx, subscriptionId, at);
  }

  /** New billing details for the invoice (order.updated); the country and state stay once set. */
  update(tx: Tx, organizationId: string, id: string, body: OrderUpdate): Promise<Order> {
    return updateOrder(this.deps, tx, organizationId, id, body);
  }

  async findById(em: EntityManager, id: string): Promise<Order> {
    return em.findOneOrFail(Order, { id });
  }

  /** An order by id whatever its organization (a pay link's): null when there is none. */
  findPayable(em: EntityManager, id: string): Promise<Order | null> {
    return em.findOne(Order, { id });
  }

  async findByCycleKey(em: EntityManager, cycleKey: string): Promise<Order | null> {
    return em.findOne(Order, { cycleKey });
  }

  get(em: EntityManager, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<Order> {
    return orders.get(em, organizationId, id, options);
  }

  /** The customer's own order: another customer's is not found, like another organization's. */
  async getOfCustomer(em: EntityManager, organizationId: string, customerId: string, id: string): Promise<Order> {
    const order = await orders.find(em, organizationId, id);
    // A draft is the merchant's until finalized.
    if (order?.customerId !== customerId || order.status === 'draft') throw new ResourceNotFound('Order not found.');
    return order;
  }

  /** `query` (the customer portal's search) matches the product's or the organization's name. */
  list(em: EntityManager, organizationId: string, query: OrderListOptions) {
    return listOrders(em, organizationId, query);
  }

  /** The order's dispute as it changed (by the dispute domain); a loss takes its amounts off the order. */
  markDispute(tx: Tx, orderId: string, change: DisputeChange): Promise<void> {
    return markOrderDispute(this.deps, tx, orderId, change);
  }

  output(em: EntityManager, order: Order): Promise<OrderOutput> {
    return readOrderOutput(this.deps, em, order);
  }

  /** Orders of one organization as the API shows them: items, customers, products and prices read once for all. */
  outputs(em: EntityManager, organizationId: string, orders: Order[]): Promise<OrderOutput[]> {
    return readOrderOutputs(this.deps, em, organizationId, orders);
  }
}
