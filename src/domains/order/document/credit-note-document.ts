// What a succeeded refund's credit note says: what went back, net and tax, against the order's invoice. No I/O.
import type { BillingDocument } from '../../../adapters/pdf/billing-document';
import type { Order } from '../order.entity';
import { documentBuyer, type DocumentContext } from './document-parties';
import { REVERSE_CHARGE_NOTE, taxLine } from './document-tax-lines';

/** A succeeded refund: what went back, net and tax, against the order's invoice. */
export function creditNoteDocument(
  order: Order,
  refund: {
    id: string;
    creditNoteNumber: string;
    amount: number;
    taxAmount: number;
    reason: string;
    modifiedAt: Date | null;
    createdAt: Date;
  },
  context: DocumentContext,
  issuedAt: Date,
): BillingDocument {
  const share = (amount: number) =>
    order.taxAmount === 0 ? 0 : Math.round((amount * refund.taxAmount) / order.taxAmount);
  const taxLines = order.taxLines.map((line) => ({
    ...taxLine(line),
    taxableAmount: -refund.amount,
    amount: -share(line.amount),
  }));
  // Rounding each line on its own may miss the refund's tax by a cent: the last line takes the difference.
  if (taxLines.length)
    taxLines[taxLines.length - 1].amount -= refund.taxAmount + taxLines.reduce((sum, line) => sum + line.amount, 0);
  return {
    kind: 'credit_note',
    number: refund.creditNoteNumber,
    references: [
      { label: 'Credit note for invoice', value: order.invoiceNumber ?? order.id },
      { label: 'Refund', value: refund.id },
    ],
    issuedAt,
    settledAt: refund.modifiedAt ?? refund.createdAt,
    currency: order.currency,
    seller: context.seller,
    merchant: { name: context.merchantName },
    buyer: documentBuyer(order, context),
    lines: [{ label: `Refund (${refund.reason.replace(/_/g, ' ')})`, period: null, amount: -refund.amount }],
    subtotal: -refund.amount,
    discount: null,
    net: -refund.amount,
    taxLines,
    tax: -refund.taxAmount,
    total: -(refund.amount + refund.taxAmount),
    refunded: null,
    notes: [
      ...(taxLines.some((line) => line.reverseCharge) ? [REVERSE_CHARGE_NOTE] : []),
      `Issued by ${context.seller.name} as merchant of record for ${context.merchantName}.`,
    ],
  };
}
