// What an order's invoice says, worked out from the order alone (no I/O), so it can be checked line by line without
// rendering it.
import type { BillingDocument } from '../../../adapters/pdf/billing-document';
import type { Order, OrderItem } from '../order.entity';
import { documentBuyer, type DocumentContext } from './document-parties';
import { REVERSE_CHARGE_NOTE, taxLine } from './document-tax-lines';

/** A period written into a renewal's label ("Plan — From 1 Jan 2026 to 1 Feb 2026") is shown under the line. */
function splitPeriod(label: string): { label: string; period: string | null } {
  const match = /^(.*) — (From .+ to .+)$/.exec(label);
  return match ? { label: match[1], period: match[2] } : { label, period: null };
}

/** The invoice: the order's lines (a renewal's period under its line), discount, tax lines and totals. */
export function invoiceDocument(
  order: Order,
  items: OrderItem[],
  context: DocumentContext,
  issuedAt: Date,
): BillingDocument {
  const taxLines = order.taxLines.map(taxLine);
  return {
    kind: 'invoice',
    number: order.invoiceNumber!,
    references: [{ label: 'Order', value: order.id }],
    issuedAt,
    settledAt: order.paidAt,
    currency: order.currency,
    seller: context.seller,
    merchant: { name: context.merchantName },
    buyer: documentBuyer(order, context),
    lines: items.map((item) => ({ ...splitPeriod(item.label), amount: item.amount })),
    subtotal: order.subtotalAmount,
    discount: order.discountAmount ? { label: 'Discount', amount: order.discountAmount } : null,
    net: order.netAmount,
    taxLines,
    tax: order.taxAmount,
    total: order.totalAmount,
    refunded: null,
    notes: [
      ...(taxLines.some((line) => line.reverseCharge) ? [REVERSE_CHARGE_NOTE] : []),
      ...(order.paidAt ? [] : ['Payment is due on receipt.']),
      `Sold by ${context.seller.name} as merchant of record for ${context.merchantName}.`,
    ],
  };
}
