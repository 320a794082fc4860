// What an order's invoice, receipt and credit notes say, worked out from the order alone (no I/O), so the documents
// can be checked line by line without rendering them.
import { createHash } from 'node:crypto';
import type { BillingDocument, DocumentParty, DocumentTaxLine } from '../../../adapters/pdf/billing-document';
import type { Address } from '../../../contracts/address';
import type { Order, OrderItem, OrderTaxLine } from '../order.entity';

/** Bumped when the invoice layout changes, so that the next request renders invoices again. */
export const INVOICE_TEMPLATE_VERSION = 1;

/**
 * What an invoice shows that may change: the billing details and whether it is paid. A change makes the next request
 * render it again under the same number.
 */
export function invoiceChecksum(order: Pick<Order, 'billingName' | 'billingAddress' | 'taxId' | 'paidAt'>): string {
  const details = [
    INVOICE_TEMPLATE_VERSION,
    order.billingName,
    order.billingAddress,
    order.taxId,
    order.paidAt !== null,
  ];
  return createHash('sha256').update(JSON.stringify(details)).digest('hex');
}

export interface DocumentContext {
  seller: DocumentParty;
  merchantName: string;
  /** The buyer's name when the order has no billing name (receipts may be issued without one). */
  customerName: string;
}

const TAX_NAMES: Record<string, string> = {
  vat: 'VAT',
  gst: 'GST',
  hst: 'HST',
  pst: 'PST',
  qst: 'QST',
  sales_tax: 'Sales tax',
  none: 'Tax',
  tax: 'Tax',
};
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export const countryName = (code: string): string => regionNames.of(code) ?? code;

export function addressLines(address: Address | null): string[] {
  if (!address) return [];
  const cityLine = [address.postal_code, address.city].filter(Boolean).join(' ');
  return [address.line1, address.line2, cityLine, address.state, countryName(address.country)].filter(
    (line): line is string => Boolean(line),
  );
}

export function taxLine(line: OrderTaxLine): DocumentTaxLine {
  const [country, region] = line.jurisdiction.split('-');
  const place = region ? `${countryName(country)}, ${region}` : countryName(country);
  return {
    label: `${TAX_NAMES[line.kind] ?? 'Tax'} (${place})`,
    rate: line.rate,
    taxableAmount: line.taxableAmount,
    amount: line.amount,
    reverseCharge: line.reason === 'reverse_charge',
  };
}

const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT is to be accounted for by the recipient of the supply (Article 196, Council Directive 2006/112/EC).';

/** A period written into a renewal's label ("Plan — From 1 Jan 2026 to 1 Feb 2026") is shown under the line. */
function splitPeriod(label: string): { label: string; period: string | null } {
  const match = /^(.*) — (From .+ to .+)$/.exec(label);
  return match ? { label: match[1], period: match[2] } : { label, period: null };
}

function buyer(order: Order, context: DocumentContext): DocumentParty {
  return {
    name: order.billingName ?? context.customerName,
    addressLines: addressLines(order.billingAddress),
    taxIds: order.taxId ? [order.taxId[0]] : [],
  };
}

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
    buyer: buyer(order, context),
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
    buyer: buyer(order, context),
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
