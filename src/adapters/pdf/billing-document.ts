// What an invoice, a receipt or a credit note shows, already worked out: the renderer only lays it out. Amounts are
// integer minor units of `currency`; rates are in millionths (200 000 = 20 %).

export interface DocumentParty {
  name: string;
  /** Address lines as they are printed, in order (street, city and postal code, country…). */
  addressLines: string[];
  /** Tax registrations or the buyer's tax ID, e.g. "VAT DE123456789". */
  taxIds: string[];
}

export interface DocumentLine {
  label: string;
  /** "1 Jan 2026 – 1 Feb 2026" for a subscription period, when there is one. */
  period: string | null;
  amount: number;
}

export interface DocumentTaxLine {
  /** "VAT (Germany)", "Sales tax (US-CA)". */
  label: string;
  rate: number;
  taxableAmount: number;
  amount: number;
  /** Reverse charge: printed as "(0% Reverse Charge)" with the legal wording in the notes. */
  reverseCharge: boolean;
}

export interface BillingDocument {
  kind: 'invoice' | 'receipt' | 'credit_note';
  /** The document's own number (invoice, receipt or credit-note series). */
  number: string;
  /** Other numbers it refers to: the invoice a credit note corrects, the order, a refund. */
  references: { label: string; value: string }[];
  issuedAt: Date;
  /** A paid-on date (receipts, paid invoices), a refunded-on date (credit notes). */
  settledAt: Date | null;
  currency: string;
  /** Bursar as merchant of record, from configuration. */
  seller: DocumentParty;
  /** The merchant whose product it is (sold through the seller of record). */
  merchant: { name: string };
  buyer: DocumentParty;
  lines: DocumentLine[];
  subtotal: number;
  /** A positive amount taken off the subtotal (printed as a deduction). */
  discount: { label: string; amount: number } | null;
  /** Before tax. */
  net: number;
  taxLines: DocumentTaxLine[];
  tax: number;
  total: number;
  /** Receipts after refunds: what went back, and what the buyer paid in the end. */
  refunded: { amount: number; tax: number } | null;
  /** Legal wording (reverse charge), payment notes. */
  notes: string[];
}
