// The words and dates a billing document prints: its title, how it was settled, a tax line's label, a date.
import { formatRate } from '../../kernel/money';
import type { DocumentTaxLine } from './billing-document';

export const TITLES = { invoice: 'Invoice', receipt: 'Receipt', credit_note: 'Credit note' } as const;
export const SETTLED = { invoice: 'Paid on', receipt: 'Paid on', credit_note: 'Refunded on' } as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function taxLabel(tax: DocumentTaxLine): string {
  return tax.reverseCharge ? `${tax.label} (0% Reverse Charge)` : `${tax.label} ${formatRate(tax.rate)}`;
}

/** "1 Jan 2026", in UTC like every date Bursar stores. */
export function formatDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
