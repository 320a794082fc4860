// The e-mail with a pay link: a finalized order to pay, or a renewal whose payment was declined.
import { formatAmount } from '../../kernel/money';
import type { EmailTemplate } from '../../platform/email/email';
import { escapeHtml } from '../../platform/email/escape-html';

export interface OrderPayLinkParams {
  organizationName: string;
  customerName: string | null;
  /** `invoice`: a new order to pay; `declined`: a renewal's payment failed and will be retried. */
  reason: 'invoice' | 'declined';
  description: string;
  invoiceNumber: string | null;
  currency: string;
  totalAmount: number;
  url: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

export const orderPayLinkEmail: EmailTemplate<OrderPayLinkParams> = {
  name: 'order-pay-link',
  render(p) {
    const amount = formatAmount(p.totalAmount, p.currency);
    const greeting = p.customerName ? `Hi ${p.customerName},` : 'Hello,';
    const lead =
      p.reason === 'declined'
        ? `The payment of ${amount} for ${p.description} to ${p.organizationName} was declined. ` +
          'You can pay it now with another card; otherwise it will be retried.'
        : `${p.organizationName} sent you ${p.invoiceNumber ? `invoice ${p.invoiceNumber}` : 'an order'} for ` +
          `${p.description}: ${amount} to pay.`;
    const until = `The link works until ${p.expiresAt.slice(0, 10)}.`;
    const text = [greeting, '', lead, '', `Pay now: ${p.url}`, '', until, ''].join('\n');
    const html = [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      `<p><a href="${escapeHtml(p.url)}">Pay ${escapeHtml(amount)} now</a></p>`,
      `<p>${escapeHtml(until)}</p>`,
    ].join('\n');
    const subject =
      p.reason === 'declined'
        ? `Your payment to ${p.organizationName} was declined`
        : `${p.invoiceNumber ? `Invoice ${p.invoiceNumber}` : 'An order'} from ${p.organizationName}: ${amount}`;
    return { subject, text, html };
  },
};
