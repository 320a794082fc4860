// What an order's receipt says: its invoice's content, paid in full, with what was refunded. No I/O.
import type { BillingDocument } from '../../../adapters/pdf/billing-document';
import type { Order, OrderItem } from '../order.entity';
import type { DocumentContext } from './document-parties';
import { invoiceDocument } from './invoice-document';

/** The receipt: the invoice's content under the receipt's number, with the refunds so far. */
export function receiptDocument(
  order: Order,
  items: OrderItem[],
  context: DocumentContext,
  issuedAt: Date,
): BillingDocument {
  const refunded =
    order.refundedAmount || order.refundedTaxAmount
      ? { amount: order.refundedAmount, tax: order.refundedTaxAmount }
      : null;
  return {
    ...invoiceDocument(order, items, context, issuedAt),
    kind: 'receipt',
    number: order.receiptNumber!,
    references: [
      { label: 'Invoice', value: order.invoiceNumber ?? '' },
      { label: 'Order', value: order.id },
    ].filter((reference) => reference.value),
    refunded,
    notes: [
      `Paid in full${order.paidAt ? ` on ${order.paidAt.toISOString().slice(0, 10)}` : ''}.`,
      `Sold by ${context.seller.name} as merchant of record for ${context.merchantName}.`,
    ],
  };
}
