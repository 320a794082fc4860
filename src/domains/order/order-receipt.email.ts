// The e-mail a customer receives when an order is paid: what was bought, the amounts, and where the invoice is. A free
// order gets the same message as a confirmation.
import { formatAmount } from '../../kernel/money';
import type { EmailTemplate } from '../../platform/email/email';
import { escapeHtml } from '../../platform/email/escape-html';

export interface OrderReceiptParams {
  organizationName: string;
  orderId: string;
  receiptNumber: string | null;
  customerName: string | null;
  /** The product's name (or the first line's label when the product is gone). */
  productName: string;
  currency: string;
  items: { label: string; amount: number }[];
  discountAmount: number;
  taxAmount: number;
  /** Tax carved out of the prices (shown as included) rather than added to them. */
  taxInclusive: boolean;
  totalAmount: number;
  /** ISO time. */
  paidAt: string;
}

export const orderReceiptEmail: EmailTemplate<OrderReceiptParams> = {
  name: 'order-receipt',
  render(p) {
    const money = (amount: number) => formatAmount(amount, p.currency);
    const free = p.totalAmount === 0;
    const rows: [string, string][] = [
      ...p.items.map(({ label, amount }): [string, string] => [label, money(amount)]),
      ...(p.discountAmount ? [['Discount', money(-p.discountAmount)] as [string, string]] : []),
      ...(p.taxAmount ? [[p.taxInclusive ? 'Tax (included)' : 'Tax', money(p.taxAmount)] as [string, string]] : []),
      [free ? 'Total' : 'Total paid', money(p.totalAmount)],
    ];
    const greeting = p.customerName ? `Hi ${p.customerName},` : 'Hello,';
    const lead = free
      ? `Thank you for your order from ${p.organizationName}. There was nothing to pay.`
      : `Thank you for your purchase from ${p.organizationName}. Your payment was received.`;
    const references = [
      `Order: ${p.orderId}`,
      ...(p.receiptNumber ? [`Receipt number: ${p.receiptNumber}`] : []),
      `Date: ${p.paidAt.slice(0, 10)}`,
    ];
    const invoice = `You can generate an invoice for this order from ${p.organizationName}'s customer portal.`;
    const width = Math.max(...rows.map(([label]) => label.length));
    const text = [
      greeting,
      '',
      lead,
      '',
      ...rows.map(([label, amount]) => `  ${label.padEnd(width)}  ${amount}`),
      '',
      ...references,
      '',
      invoice,
      '',
    ].join('\n');
    const cell = 'style="padding:4px 16px 4px 0"';
    const html = [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      '<table style="border-collapse:collapse">',
      ...rows.map(([label, amount], i) => {
        const weight = i === rows.length - 1 ? ';font-weight:bold' : '';
        return `<tr><td ${cell}>${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right${weight}">${escapeHtml(amount)}</td></tr>`;
      }),
      '</table>',
      `<p>${references.map(escapeHtml).join('<br>')}</p>`,
      `<p>${escapeHtml(invoice)}</p>`,
    ].join('\n');
    const subject = `${free ? 'Your order' : 'Your receipt'} from ${p.organizationName}: ${p.productName}`;
    return { subject, text, html };
  },
};
