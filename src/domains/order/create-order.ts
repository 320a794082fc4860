// A new pending order, written once per checkout or cycle key, with its items, invoice number and tax breakdown, and
// order.created.
import type { Tx } from '../../platform/database/transaction';
import { newId } from '../../kernel/ids';
import type { OrderNumbers } from './document/order-numbers';
import { Order, OrderItem, type BillingReason } from './order.entity';
import { orderTaxLines } from './order.logic';
import type { OrderDeps } from './order-deps';
import { readOrderOutput } from './order-outputs';

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

/**
 * Writes a pending order with its items, its invoice number and tax breakdown, and order.created, once per checkout
 * or cycle key.
 */
export async function createOrder(deps: OrderDeps, numbers: OrderNumbers, tx: Tx, input: NewOrder): Promise<Order> {
  const key = input.checkoutId
    ? { checkoutId: input.checkoutId }
    : input.cycleKey
      ? { cycleKey: input.cycleKey }
      : null;
  const existing = key && (await tx.em.findOne(Order, key));
  if (existing) return existing;
  const now = input.at ?? deps.clock.now();
  const customer = await deps.customers.ofOrder(tx.em, input.customerId);
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
    taxLines: orderTaxLines(deps.seller, buyer, { ...amounts, behavior: input.tax.behavior }, now),
    invoiceNumber: await numbers.invoice(tx, input.organizationId, customer),
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
  deps.outbox.enqueueEvent(tx, order.organizationId, 'order.created', await readOrderOutput(deps, tx.em, order));
  return order;
}
