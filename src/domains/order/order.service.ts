// Orders: created pending from a checkout or a subscription's renewal or change (once each), then paid or voided.
// Events in the spec's order: order.created when it is written, order.updated and order.paid when payment completes.
import { flowStart } from '../../platform/temporal/flow-start';
import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FLOWS, type GrantSource, type OrderInput } from '../../../workflows/definitions';
import type { Order as OrderOutput, OrderListQuery, OrderUpdate } from '../../contracts/order';
import { RequestValidationError, ResourceNotFound } from '../../kernel/errors';
import type { OrderSubscription } from '../../contracts/subscription';
import type { Clock } from '../../kernel/clock';
import { byId, distinctIds, newId } from '../../kernel/ids';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Tx } from '../../platform/database/transaction';
import { productOrOrganizationNamed, type ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import type { OrganizationService } from '../organization';
import type { SellerOfRecord } from '../tax';
import { OrderNumbers } from './document/order-numbers';
import { billingUpdateIssues, orderTaxLines } from './order.logic';
import type { OutboxService } from '../../platform/outbox';
import type { EmailQueue } from '../../platform/email';
import { emailReceipt } from './order-receipt.email';
import { Order, OrderItem, type BillingReason } from './order.entity';
import { orderOutput } from './order.output';

/** Sorting by a related record goes by what people read there: the customer's e-mail, the product's and discount's name. */
const sortColumns = () => ({
  created_at: 'createdAt',
  status: 'status',
  invoice_number: 'invoiceNumber',
  amount: 'netAmount',
  net_amount: 'netAmount',
  customer: raw('(select c.email from customer c where c.id = o.customer_id)'),
  product: raw('(select p.name from product p where p.id = o.product_id)'),
  discount: raw('(select d.name from discount d where d.id = o.discount_id)'),
  subscription: 'subscriptionId',
});

export interface OrderDeps {
  clock: Clock;
  outbox: OutboxService;
  customers: CustomerService;
  products: ProductService;
  discounts: Pick<DiscountService, 'findByIds' | 'outputs'>;
  organizations: OrganizationService;
  seller: SellerOfRecord;
  /** Subscriptions as orders embed them (the subscription domain bills through orders, so it is reached this way). */
  subscriptions: { orderSummaries(em: EntityManager, ids: readonly string[]): Promise<OrderSubscription[]> };
  /** Benefit grants, asked to sync when an order is paid (the benefit domain's requests). */
  grants: GrantSyncPort;
  /** The customer's receipt e-mail, queued with the payment. */
  email: EmailQueue;
}

/** What asks the benefit domain to bring a source's grants in line with it. */
export interface GrantSyncPort {
  syncSource(
    tx: Tx,
    organizationId: string,
    customerId: string,
    source: GrantSource,
    productId: string | null,
  ): Promise<void>;
}

const orders = new OwnedRepository(Order, { label: 'Order' });

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
  /** How the amounts were taxed: the invoice's tax lines are worked out from it (with the customer's tax ID). */
  tax: { behavior: 'inclusive' | 'exclusive'; isBusiness: boolean };
  seats: number | null;
  metadata: Order['metadata'];
  customFieldData: Order['customFieldData'];
  description: string;
  /** The order's time (a test clock's, for its customers); wall time otherwise. */
  at?: Date;
}

export class OrderService {
  readonly numbers: OrderNumbers;

  constructor(private readonly deps: OrderDeps) {
    this.numbers = new OrderNumbers(deps);
  }

  /**
   * Writes a pending order with its items, its invoice number and tax breakdown, and order.created, once per checkout
   * or cycle key.
   */
  async create(tx: Tx, input: NewOrder): Promise<Order> {
    const key = input.checkoutId
      ? { checkoutId: input.checkoutId }
      : input.cycleKey
        ? { cycleKey: input.cycleKey }
        : null;
    const existing = key && (await tx.em.findOne(Order, key));
    if (existing) return existing;
    const now = input.at ?? this.deps.clock.now();
    const customer = await this.deps.customers.ofOrder(tx.em, input.customerId);
    const subtotalAmount = input.items.reduce((sum, item) => sum + item.amount, 0);
    const amounts = { net: input.netAmount, tax: input.taxAmount };
    const buyer = {
      address: input.billingAddress,
      taxId: customer.taxId?.[0] ?? null,
      isBusiness: input.tax.isBusiness,
    };
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
      subtotalAmount,
      discountAmount: input.discountAmount,
      netAmount: input.netAmount,
      taxAmount: input.taxAmount,
      totalAmount: input.netAmount + input.taxAmount,
      refundedAmount: 0,
      refundedTaxAmount: 0,
      billingName: input.billingName,
      billingAddress: input.billingAddress,
      taxId: customer.taxId,
      taxBehavior: input.tax.behavior,
      taxLines: orderTaxLines(this.deps.seller, buyer, { ...amounts, behavior: input.tax.behavior }, now),
      invoiceNumber: await this.numbers.invoice(tx, input.organizationId, customer),
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
      tx.em.create(OrderItem, {
        id: newId(),
        orderId: order.id,
        label: item.label,
        amount: item.amount,
        taxAmount: item.taxAmount ?? 0,
        proration: item.proration ?? false,
        productPriceId: item.productPriceId,
        position,
        createdAt: now,
      }),
    );
    await tx.em.flush();
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.created', await this.output(tx.em, order));
    return order;
  }

  /**
   * Starts `order:<id>`, which marks a one-time purchase paid (unless `paid`: the caller's transaction does), through
   * the outbox once the caller's transaction commits.
   */
  startFlow(tx: Tx, order: Order, chargeId: string | null, paid = false): void {
    const input: OrderInput = { orderId: order.id, chargeId, ...(paid && { paid }) };
    this.deps.outbox.enqueueWorkflowStart(
      tx,
      order.organizationId,
      flowStart(FLOWS.order, [order.id], input, {
        searchAttributes: { OrderId: order.id },
        summary: `Order ${order.id}`,
      }),
    );
  }

  /** Pending → paid, once: order.updated then order.paid, the grants synced, the receipt e-mailed. Paying a paid order changes nothing. */
  async markPaid(
    tx: Tx,
    orderId: string,
    chargeId: string | null,
    at?: Date,
  ): Promise<{ order: Order; paidNow: boolean }> {
    const order = await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (order.status !== 'pending') return { order, paidNow: false };
    const now = at ?? this.deps.clock.now();
    Object.assign(order, { status: 'paid', chargeId, paidAt: now, modifiedAt: now, nextPaymentAttemptAt: null });
    await this.numbers.assignReceipt(tx, order);
    await tx.em.flush();
    const output = await this.output(tx.em, order);
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', output);
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.paid', output);
    const source = order.subscriptionId
      ? ({ kind: 'subscription', id: order.subscriptionId } as const)
      : ({ kind: 'order', id: order.id } as const);
    await this.deps.grants.syncSource(tx, order.organizationId, order.customerId, source, order.productId); // a purchase grants, a renewal cycles
    await emailReceipt(tx, this.deps, order, output);
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
    const orders = await tx.em.find(
      Order,
      { subscriptionId, status: 'pending' },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!orders.length) return;
    for (const order of orders) Object.assign(order, { status: 'void', nextPaymentAttemptAt: null, modifiedAt: at });
    await tx.em.flush();
    const { organizationId } = orders[0];
    for (const output of await this.outputs(tx.em, organizationId, orders))
      this.deps.outbox.enqueueEvent(tx, organizationId, 'order.updated', output);
  }

  /** New billing details for the invoice (order.updated); the country and state stay once set. */
  async update(tx: Tx, organizationId: string, id: string, body: OrderUpdate): Promise<Order> {
    const order = await orders.get(tx.em, organizationId, id, { lock: true });
    const issues = billingUpdateIssues(order.billingAddress, body.billing_address);
    if (issues.length) throw new RequestValidationError(issues);
    if (body.billing_name !== undefined) order.billingName = body.billing_name;
    if (body.billing_address !== undefined) order.billingAddress = body.billing_address;
    order.modifiedAt = this.deps.clock.now();
    await tx.em.flush();
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', await this.output(tx.em, order));
    return order;
  }

  async findById(em: EntityManager, id: string): Promise<Order> {
    return em.findOneOrFail(Order, { id });
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
    if (order?.customerId !== customerId) throw new ResourceNotFound('Order not found.');
    return order;
  }

  /** `query` (the customer portal's search) matches the product's or the organization's name. */
  list(em: EntityManager, organizationId: string, query: OrderListQuery & { query?: string }) {
    return orders.list(em, organizationId, query, {
      alias: 'o',
      sort: sortColumns(),
      where: (qb) => {
        if (query.product_id) qb.andWhere({ productId: { $in: query.product_id } });
        if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
        if (query.external_customer_id)
          qb.andWhere('o.customer_id in (select id from customer where external_id in (?))', [
            query.external_customer_id,
          ]);
        if (query.checkout_id) qb.andWhere({ checkoutId: { $in: query.checkout_id } });
        if (query.discount_id) qb.andWhere({ discountId: { $in: query.discount_id } });
        if (query.subscription_id) qb.andWhere({ subscriptionId: { $in: query.subscription_id } });
        const types = query.product_billing_type;
        if (types?.length === 1)
          qb.andWhere({ billingReason: types[0] === 'one_time' ? 'purchase' : { $ne: 'purchase' } });
        if (query.query) qb.andWhere(...productOrOrganizationNamed('o', likeContains(query.query)));
      },
    });
  }

  async output(em: EntityManager, order: Order): Promise<OrderOutput> {
    return (await this.outputs(em, order.organizationId, [order]))[0];
  }

  /** Orders of one organization as the API shows them: items, customers, products and prices read once for all. */
  async outputs(em: EntityManager, organizationId: string, orders: Order[]): Promise<OrderOutput[]> {
    if (!orders.length) return [];
    const { customers, products, discounts, subscriptions } = this.deps;
    const ids = (pick: (order: Order) => string | null) => distinctIds(orders, pick);
    const [customerIds, productIds, priceIds, discountIds, subscriptionIds] = [
      ids((o) => o.customerId),
      ids((o) => o.productId),
      ids((o) => o.productPriceId),
      ids((o) => o.discountId),
      ids((o) => o.subscriptionId),
    ];
    const items = await em.find(OrderItem, { orderId: { $in: ids((o) => o.id) } }, { orderBy: { position: 'asc' } });
    const customersById = byId(await customers.outputs(em, organizationId, customerIds));
    const productsById = byId(await products.summaries(em, organizationId, productIds));
    const pricesById = byId(await products.priceOutputs(em, organizationId, priceIds));
    const discountsById = byId(
      discountIds.length ? await discounts.outputs(em, await discounts.findByIds(em, organizationId, discountIds)) : [],
    );
    const subscriptionsById = byId(await subscriptions.orderSummaries(em, subscriptionIds));
    const itemsOf = (order: Order) => items.filter((item) => item.orderId === order.id);
    return orders.map((order) =>
      orderOutput(order, itemsOf(order), customersById, productsById, pricesById, discountsById, subscriptionsById),
    );
  }
}
