// An order's invoice asked for: rendered by `invoice:<orderId>` unless the one stored shows the current billing details
// already; draft and void orders have none, and an invoice needs the billing name and address.
import { FLOWS, renderInvoiceSignal } from '../../../../workflows/definitions';
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import { flowStart } from '../../../platform/temporal/flow-start';
import type { Order } from '../order.entity';
import { MissingInvoiceBillingDetails, OrderNotEligibleForInvoice } from '../order.errors';
import { invoiceEligible } from '../order.logic';
import type { OrderService } from '../order.service';
import { invoiceChecksum } from './invoice-checksum';
import { startDocumentFlow } from './start-document-flow';

/**
 * Asks for the order's invoice: rendered by `invoice:<orderId>` unless the one stored shows the current billing
 * details already. Draft and void orders have none; an invoice needs the billing name and address.
 */
export async function requestInvoice(
  deps: { orders: OrderService; outbox: OutboxService },
  tx: Tx,
  organizationId: string,
  orderId: string,
): Promise<{ order: Order; generated: boolean }> {
  const order = await deps.orders.get(tx.em, organizationId, orderId, { lock: true });
  if (!invoiceEligible(order.status)) throw new OrderNotEligibleForInvoice(`A ${order.status} order has no invoice.`);
  if (!order.billingName || !order.billingAddress)
    throw new MissingInvoiceBillingDetails(
      "An invoice needs the billing name and address: set them on the order (PATCH the order's billing_name and billing_address) first.",
    );
  if (order.invoicePath && order.invoiceChecksum === invoiceChecksum(order)) return { order, generated: true };
  await deps.orders.numbers.assignMissing(tx, order);
  startDocumentFlow(
    deps,
    tx,
    order,
    flowStart(
      FLOWS.invoice,
      [order.id],
      { orderId: order.id },
      { summary: `Invoice ${order.invoiceNumber}`, signal: renderInvoiceSignal },
    ),
  );
  return { order, generated: false };
}
