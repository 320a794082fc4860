// A new pending order, written once per checkout or cycle key, with its items, invoice number and tax breakdown, and
// order.created.
import type { Tx } from '../../platform/database/transaction';
import { customerOutput } from '../customer';
import { newId } from '../../kernel/ids';
import type { OrderNumbers } from './document/order-numbers';
import type { NewOrder } from './new-order';
import { Order, OrderItem } from './order.entity';
import { orderTaxLines } from './order-tax-lines.logic';
import type { OrderDeps } from './order-deps';
import { readOrderOutput, type OrderReads } from './order-outputs';
import { rememberWritten } from './written-orders';

/**
 * What a caller that read them already passes, so they are not read again: the records the order embeds (its items
 * are the ones written), and `fresh` when it made sure no order exists for the key (a locked cycle not yet renewed).
 */
export interface OrderCreateReads extends Omit<OrderReads, 'items'> {
  fresh?: boolean;
}

/**
 * Writes a pending order with its items, its invoice number and tax breakdown, and order.created, once per checkout
 * or cycle key.
 */
export async function createOrder(
  deps: OrderDeps,
  numbers: OrderNumbers,
  tx: Tx,
  input: NewOrder,
  known: OrderCreateReads = {},
): Promise<Order> {
  const key = input.checkoutId
    ? { checkoutId: input.checkoutId }
    : input.cycleKey
      ? { cycleKey: input.cycleKey }
      : null;
  const existing = key && !known.fresh && (await tx.em.findOne(Order, key));
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
  const items = input.items.map((item, position) =>
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
  // The customer was read above (by id, deleted or not, as the order's output shows it).
  const reads = { ...known, items, customers: known.customers ?? [customerOutput(customer)] };
  const output = await readOrderOutput(deps, tx.em, order, reads);
  deps.outbox.enqueueEvent(tx, order.organizationId, 'order.created', output);
  // The invoice number read the organization: found in the identity map, not read again.
  const { name } = await deps.organizations.findOrganization(tx.em, order.organizationId);
  rememberWritten(tx.em, order, { ...reads, customerShortId: customer.shortId, organizationName: name });
  return order;
}
