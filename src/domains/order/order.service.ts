// Orders: created pending from a checkout or a subscription's renewal or change (once each), then paid or voided.
// Events in the spec's order: order.created when it is written, order.updated and order.paid when payment completes.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { Order as OrderOutput, OrderListQuery } from '../../contracts/order';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { ProductSummary } from '../../contracts/product';
import { listPage, orderBySorting, whereMetadata } from '../../app/list-query';
import type { Tx } from '../../app/transaction';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound } from '../../kernel/errors';
import { byId, distinctIds, newId } from '../../kernel/ids';
import type { OutboxService } from '../outbox';
import { Order, OrderItem, type BillingReason } from './order.entity';

const SORT_COLUMNS = { created_at: 'createdAt', status: 'status', net_amount: 'netAmount' } as const;

export interface OrderDeps {
  clock: Clock;
  outbox: OutboxService;
  customers(em: EntityManager, organizationId: string, ids: string[]): Promise<CustomerOutput[]>;
  products(em: EntityManager, organizationId: string, ids: string[]): Promise<ProductSummary[]>;
  prices(em: EntityManager, organizationId: string, ids: string[]): Promise<PriceOutput[]>;
  /** Subscriptions as orders embed them. */
  subscriptions(em: EntityManager, ids: string[]): Promise<{ id: string }[]>;
}

export interface OrderLine {
  label: string;
  amount: number;
  productPriceId: string | null;
  proration?: boolean;
  /** Tax on the line when it is the order's only one; tax lives on the order otherwise. */
  taxAmount?: number;
}

/** A new order; `checkoutId` or `cycleKey` make writing it twice return the first. */
export interface NewOrder {
  organizationId: string;
  billingReason: BillingReason;
  checkoutId?: string | null;
  subscriptionId?: string | null;
  cycleKey?: string | null;
  customerId: string;
  productId: string;
  productPriceId: string | null;
  discountId: string | null;
  currency: string;
  items: OrderLine[];
  discountAmount: number;
  netAmount: number;
  taxAmount: number;
  billingName: string | null;
  billingAddress: Order['billingAddress'];
  seats: number | null;
  metadata: Order['metadata'];
  customFieldData: Order['customFieldData'];
  description: string;
  /** The order's time (a test clock's, for its customers); wall time otherwise. */
  at?: Date;
}

export class OrderService {
  constructor(private readonly deps: OrderDeps) {}

  /** Writes a pending order with its items and order.created, once per checkout or cycle key. */
  async create(tx: Tx, input: NewOrder): Promise<Order> {
    const key = input.checkoutId ? { checkoutId: input.checkoutId } : input.cycleKey ? { cycleKey: input.cycleKey } : null;
    const existing = key && (await tx.em.findOne(Order, key));
    if (existing) return existing;
    const now = input.at ?? this.deps.clock.now();
    const order = tx.em.create(Order, {
      id: newId(),
      organizationId: input.organizationId,
      status: 'pending',
      billingReason: input.billingReason,
      customerId: input.customerId,
      productId: input.productId,
      productPriceId: input.productPriceId,
      discountId: input.discountId,
      checkoutId: input.checkoutId ?? null,
      subscriptionId: input.subscriptionId ?? null,
      cycleKey: input.cycleKey ?? null,
      nextPaymentAttemptAt: null,
      currency: input.currency,
      subtotalAmount: input.items.reduce((sum, item) => sum + item.amount, 0),
      discountAmount: input.discountAmount,
      netAmount: input.netAmount,
      taxAmount: input.taxAmount,
      totalAmount: input.netAmount + input.taxAmount,
      refundedAmount: 0,
      refundedTaxAmount: 0,
      billingName: input.billingName,
      billingAddress: input.billingAddress,
      seats: input.seats,
      description: input.description,
      metadata: input.metadata,
      customFieldData: input.customFieldData,
      chargeId: null,
      paidAt: null,
      createdAt: now,
      modifiedAt: null,
    });
    await tx.em.flush();
    input.items.forEach((item, position) =>
      tx.em.create(OrderItem, { id: newId(), orderId: order.id, label: item.label, amount: item.amount, taxAmount: item.taxAmount ?? 0, proration: item.proration ?? false, productPriceId: item.productPriceId, position, createdAt: now }),
    );
    await tx.em.flush();
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.created', await this.output(tx.em, order));
    return order;
  }

  /** Pending → paid, once: order.updated then order.paid. Paying a paid order changes nothing. */
  async markPaid(tx: Tx, orderId: string, chargeId: string | null, at?: Date): Promise<{ order: Order; paidNow: boolean }> {
    const order = await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (order.status !== 'pending') return { order, paidNow: false };
    const now = at ?? this.deps.clock.now();
    Object.assign(order, { status: 'paid', chargeId, paidAt: now, modifiedAt: now, nextPaymentAttemptAt: null });
    await tx.em.flush();
    const output = await this.output(tx.em, order);
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', output);
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.paid', output);
    return { order, paidNow: true };
  }

  /** An unpaid renewal's next dunning retry (order.updated). */
  async scheduleRetry(tx: Tx, orderId: string, nextAttemptAt: Date | null, at: Date): Promise<void> {
    const order = await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (order.status !== 'pending' || order.nextPaymentAttemptAt?.getTime() === nextAttemptAt?.getTime()) return;
    Object.assign(order, { nextPaymentAttemptAt: nextAttemptAt, modifiedAt: at });
    await tx.em.flush();
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', await this.output(tx.em, order));
  }

  /** Payment will not be collected (the subscription ended): every pending order of it becomes `void` (order.updated). */
  async voidPending(tx: Tx, subscriptionId: string, at: Date): Promise<void> {
    const orders = await tx.em.find(Order, { subscriptionId, status: 'pending' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!orders.length) return;
    for (const order of orders) Object.assign(order, { status: 'void', nextPaymentAttemptAt: null, modifiedAt: at });
    await tx.em.flush();
    const { organizationId } = orders[0];
    for (const output of await this.outputs(tx.em, organizationId, orders)) this.deps.outbox.enqueueEvent(tx, organizationId, 'order.updated', output);
  }

  async findById(em: EntityManager, id: string): Promise<Order> {
    return em.findOneOrFail(Order, { id });
  }

  async findByCycleKey(em: EntityManager, cycleKey: string): Promise<Order | null> {
    return em.findOne(Order, { cycleKey });
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<Order> {
    const order = await em.findOne(Order, { id, organizationId });
    if (!order) throw new ResourceNotFound('Order not found.');
    return order;
  }

  async list(em: EntityManager, organizationId: string, query: OrderListQuery) {
    const qb = em.createQueryBuilder(Order, 'o').where({ organizationId });
    if (query.organization_id) qb.andWhere({ organizationId: { $in: query.organization_id } });
    if (query.product_id) qb.andWhere({ productId: { $in: query.product_id } });
    if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
    if (query.checkout_id) qb.andWhere({ checkoutId: { $in: query.checkout_id } });
    if (query.discount_id) qb.andWhere({ discountId: { $in: query.discount_id } });
    whereMetadata(qb, 'o', query.metadata);
    orderBySorting(qb, query.sorting, SORT_COLUMNS);
    return listPage(qb, query);
  }

  async output(em: EntityManager, order: Order): Promise<OrderOutput> {
    return (await this.outputs(em, order.organizationId, [order]))[0];
  }

  /** Orders of one organization as the API shows them: items, customers, products and prices read once for all. */
  async outputs(em: EntityManager, organizationId: string, orders: Order[]): Promise<OrderOutput[]> {
    if (!orders.length) return [];
    const idsOf = (pick: (order: Order) => string | null) => distinctIds(orders, pick);
    const items = await em.find(OrderItem, { orderId: { $in: idsOf((o) => o.id) } }, { orderBy: { position: 'asc' } });
    const customers = byId(await this.deps.customers(em, organizationId, idsOf((o) => o.customerId)));
    const products = byId(await this.deps.products(em, organizationId, idsOf((o) => o.productId)));
    const prices = byId(await this.deps.prices(em, organizationId, idsOf((o) => o.productPriceId)));
    const subscriptions = byId(await this.deps.subscriptions(em, idsOf((o) => o.subscriptionId)));
    return orders.map((order) => this.present(order, items.filter((item) => item.orderId === order.id), customers, products, prices, subscriptions));
  }

  private present(
    order: Order,
    items: OrderItem[],
    customers: Map<string, CustomerOutput>,
    products: Map<string, ProductSummary>,
    prices: Map<string, PriceOutput>,
    subscriptions: Map<string, { id: string }>,
  ): OrderOutput {
    const paid = order.status !== 'pending' && order.status !== 'void';
    return {
      id: order.id,
      created_at: order.createdAt.toISOString(),
      modified_at: order.modifiedAt?.toISOString() ?? null,
      status: order.status,
      paid,
      subtotal_amount: order.subtotalAmount,
      discount_amount: order.discountAmount,
      net_amount: order.netAmount,
      amount: order.netAmount,
      tax_amount: order.taxAmount,
      total_amount: order.totalAmount,
      applied_balance_amount: 0,
      due_amount: paid ? 0 : order.totalAmount,
      refunded_amount: order.refundedAmount,
      refunded_tax_amount: order.refundedTaxAmount,
      currency: order.currency,
      billing_reason: order.billingReason,
      billing_name: order.billingName,
      billing_address: order.billingAddress,
      invoice_number: null,
      is_invoice_generated: false,
      receipt_number: null,
      seats: order.seats,
      customer_id: order.customerId,
      product_id: order.productId,
      product_price_id: order.productPriceId,
      product_price: (order.productPriceId && prices.get(order.productPriceId)) || null,
      discount_id: order.discountId,
      subscription_id: order.subscriptionId,
      checkout_id: order.checkoutId,
      metadata: order.metadata,
      custom_field_data: order.customFieldData,
      platform_fee_amount: 0,
      platform_fee_currency: null,
      customer: customers.get(order.customerId)!,
      product: (order.productId && products.get(order.productId)) || null,
      discount: order.discountId ? { id: order.discountId } : null,
      subscription: (order.subscriptionId && subscriptions.get(order.subscriptionId)) || null,
      items: items.map((item) => ({
        created_at: item.createdAt.toISOString(),
        modified_at: null,
        id: item.id,
        label: item.label,
        amount: item.amount,
        tax_amount: item.taxAmount,
        proration: item.proration,
        product_price_id: item.productPriceId,
      })),
      description: order.description,
      refundable_amount: paid ? order.netAmount - order.refundedAmount : 0,
      refundable_tax_amount: paid ? order.taxAmount - order.refundedTaxAmount : 0,
    };
  }
}
