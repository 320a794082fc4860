// Orders for one-time purchases: created pending from a checkout (once per checkout), then paid. Events in the spec's
// order: order.created when it is written, order.updated and order.paid when payment completes.
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
import { byId, newId } from '../../kernel/ids';
import type { OutboxService } from '../outbox';
import { Order, OrderItem } from './order.entity';

const SORT_COLUMNS = { created_at: 'createdAt', status: 'status', net_amount: 'netAmount' } as const;

export interface OrderDeps {
  clock: Clock;
  outbox: OutboxService;
  customers(em: EntityManager, organizationId: string, ids: string[]): Promise<CustomerOutput[]>;
  products(em: EntityManager, organizationId: string, ids: string[]): Promise<ProductSummary[]>;
  prices(em: EntityManager, organizationId: string, ids: string[]): Promise<PriceOutput[]>;
}

export interface CheckoutOrder {
  organizationId: string;
  checkoutId: string;
  customerId: string;
  productId: string;
  productPriceId: string;
  discountId: string | null;
  currency: string;
  subtotalAmount: number;
  discountAmount: number;
  netAmount: number;
  taxAmount: number;
  billingName: string | null;
  billingAddress: Order['billingAddress'];
  seats: number | null;
  metadata: Order['metadata'];
  customFieldData: Order['customFieldData'];
  description: string;
}

export class OrderService {
  constructor(private readonly deps: OrderDeps) {}

  /** The order of a checkout: created (pending, with order.created) the first time, returned as it is afterwards. */
  async createFromCheckout(tx: Tx, input: CheckoutOrder): Promise<Order> {
    const existing = await tx.em.findOne(Order, { checkoutId: input.checkoutId });
    if (existing) return existing;
    const now = this.deps.clock.now();
    const order = tx.em.create(Order, {
      id: newId(),
      organizationId: input.organizationId,
      status: 'pending',
      billingReason: 'purchase',
      customerId: input.customerId,
      productId: input.productId,
      productPriceId: input.productPriceId,
      discountId: input.discountId,
      checkoutId: input.checkoutId,
      currency: input.currency,
      subtotalAmount: input.subtotalAmount,
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
    tx.em.create(OrderItem, {
      id: newId(),
      orderId: order.id,
      label: input.description,
      amount: input.subtotalAmount,
      taxAmount: input.taxAmount,
      productPriceId: input.productPriceId,
      position: 0,
      createdAt: now,
    });
    await tx.em.flush();
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.created', await this.output(tx.em, order));
    return order;
  }

  /** Pending → paid, once: order.updated then order.paid. Paying a paid order changes nothing. */
  async markPaid(tx: Tx, orderId: string, chargeId: string | null): Promise<Order> {
    const order = await tx.em.findOneOrFail(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (order.status !== 'pending') return order;
    const now = this.deps.clock.now();
    Object.assign(order, { status: 'paid', chargeId, paidAt: now, modifiedAt: now });
    await tx.em.flush();
    const output = await this.output(tx.em, order);
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.updated', output);
    this.deps.outbox.enqueueEvent(tx, order.organizationId, 'order.paid', output);
    return order;
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
    const idsOf = (pick: (order: Order) => string | null) => [...new Set(orders.map(pick).filter((id): id is string => id !== null))];
    const items = await em.find(OrderItem, { orderId: { $in: idsOf((o) => o.id) } }, { orderBy: { position: 'asc' } });
    const customers = byId(await this.deps.customers(em, organizationId, idsOf((o) => o.customerId)));
    const products = byId(await this.deps.products(em, organizationId, idsOf((o) => o.productId)));
    const prices = byId(await this.deps.prices(em, organizationId, idsOf((o) => o.productPriceId)));
    return orders.map((order) => this.present(order, items.filter((item) => item.orderId === order.id), customers, products, prices));
  }

  private present(
    order: Order,
    items: OrderItem[],
    customers: Map<string, CustomerOutput>,
    products: Map<string, ProductSummary>,
    prices: Map<string, PriceOutput>,
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
      subscription_id: null,
      checkout_id: order.checkoutId,
      metadata: order.metadata,
      custom_field_data: order.customFieldData,
      platform_fee_amount: 0,
      platform_fee_currency: null,
      customer: customers.get(order.customerId)!,
      product: (order.productId && products.get(order.productId)) || null,
      discount: order.discountId ? { id: order.discountId } : null,
      subscription: null,
      items: items.map((item) => ({
        created_at: item.createdAt.toISOString(),
        modified_at: null,
        id: item.id,
        label: item.label,
        amount: item.amount,
        tax_amount: item.taxAmount,
        proration: false,
        product_price_id: item.productPriceId,
      })),
      description: order.description,
      refundable_amount: paid ? order.netAmount - order.refundedAmount : 0,
      refundable_tax_amount: paid ? order.taxAmount - order.refundedTaxAmount : 0,
    };
  }
}
