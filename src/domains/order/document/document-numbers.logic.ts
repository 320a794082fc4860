// How invoice, receipt and credit-note numbers read (the reference's formats), from a series' next value.

export type InvoiceNumbering = 'customer' | 'organization';

/** A customer's short id as eight capital letters (base 26, left-padded with A): 27 → "AAAAAABB". */
export function customerCode(shortId: number | bigint | string): string {
  let value = BigInt(shortId);
  let code = '';
  do {
    code = String.fromCharCode(65 + Number(value % 26n)) + code;
    value /= 26n;
  } while (value > 0n);
  return code.padStart(8, 'A');
}

/** The organization's invoice prefix: its own, or its slug in capitals. */
export const invoicePrefix = (organization: { slug: string; customerInvoicePrefix: string | null }): string =>
  organization.customerInvoicePrefix ?? organization.slug.toUpperCase();

/** At least four digits: 7 → "0007", 12345 → "12345". */
const counter = (value: number) => String(value).padStart(4, '0');

/** The series an invoice number comes from: the customer's own or the organization's. */
export const invoiceSeries = (numbering: InvoiceNumbering, customerId: string) =>
  numbering === 'customer' ? `invoice:customer:${customerId}` : 'invoice';
export const receiptSeries = (customerId: string) => `receipt:customer:${customerId}`;
export const CREDIT_NOTE_SERIES = 'credit_note';

export function invoiceNumber(
  numbering: InvoiceNumbering,
  prefix: string,
  customerShortId: string,
  value: number,
): string {
  return numbering === 'customer'
    ? `${prefix}-${customerCode(customerShortId)}-${counter(value)}`
    : `${prefix}-${counter(value)}`;
}

export const receiptNumber = (customerShortId: string, value: number) =>
  `RCPT-${customerCode(customerShortId)}-${counter(value)}`;

export const creditNoteNumber = (prefix: string, value: number) => `CN-${prefix}-${counter(value)}`;
