// A draft order finalized: taxed for the customer's billing address as it stands, numbered, `pending` with
// order.created, and its `order:<id>` flow started (it waits to be paid; a free order is paid at once).
import { ORDER_PAYMENT_FLOW } from '../../../workflows/order-payment-definitions';
import type { Tx } from '../../platform/database/transaction';
import { flowStart } from '../../platform/temporal/flow-start';
import { calculateTax, resolveTaxBehavior } from '../tax';
import { finalizedAmounts } from './draft-order.logic';
import type { OrderNumbers } from './document/order-numbers';
import { OrderItem, type Order } from './order.entity';
import { MissingInvoiceBillingDetails, OrderNotDraft } from './order.errors';
import type { OrderDeps } from './order-deps';
import { orders } from './order-list';
import { readOrderOutput } from './order-outputs';
import { orderTaxLines } from './order-tax-lines.logic';

/** Draft → pending: tax, invoice number, order.created and the start of its flow (404 for another's; 412 if not a draft). */
export async function finalizeOrder(
  deps: OrderDeps,
  numbers: OrderNumbers,
  tx: Tx,
  organizationId: string,
  id: string,
): Promise<Order> {
  const order = await orders.get(tx.em, organizationId, id, { lock: true });
  if (order.status !== 'draft') throw new OrderNotDraft(`The order is ${order.status}, not a draft.`);
  const customer = await deps.customers.ofOrder(tx.em, order.customerId);
  const address = customer.billingAddress;
  const name = customer.billingName ?? customer.name;
  if (!address || !name)
    throw new MissingInvoiceBillingDetails(
      "Tax and the invoice need the customer's billing name and address: set them on the customer first.",
    );
  const now = deps.clock.now();
  const behavior = resolveTaxBehavior(order.taxBehavior, address.country);
  const buyer = { address, taxId: customer.taxId?.[0] ?? null, isBusiness: customer.taxId !== null };
  const taxable = order.subtotalAmount;
  const calculation =
    taxable === 0 ? null : calculateTax(deps.seller, buyer, [{ amount: taxable, taxBehavior: behavior }], now);
  const amounts = finalizedAmounts(taxable, calculation?.taxAmount ?? 0, behavior);
  Object.assign(order, {
    status: 'pending',
    billingName: name,
    billingAddress: address,
    taxId: customer.taxId,
    taxBehavior: behavior,
    netAmount: amounts.net,
    taxAmount: amounts.tax,
    totalAmount: amounts.total,
    taxLines: orderTaxLines(deps.seller, buyer, { net: amounts.net, tax: amounts.tax, behavior }, now),
    invoiceNumber: await numbers.invoice(tx, organizationId, customer),
    modifiedAt: now,
  });
  const items = await tx.em.find(OrderItem, { orderId: order.id }, { orderBy: { position: 'asc' } });
  if (items.length === 1) items[0].taxAmount = amounts.tax; // the only line carries the order's tax
  await tx.em.flush();
  deps.outbox.enqueueEvent(tx, organizationId, 'order.created', await readOrderOutput(deps, tx.em, order, { items }));
  deps.outbox.enqueueWorkflowStart(
    tx,
    organizationId,
    flowStart(
      ORDER_PAYMENT_FLOW,
      [order.id],
      { orderId: order.id, free: order.totalAmount <= 0 },
      {
        searchAttributes: { OrderId: order.id, CustomerId: order.customerId },
        summary: `Order ${order.invoiceNumber}`,
      },
    ),
  );
  return order;
}
