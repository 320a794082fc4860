// What an invoice shows that may change, as a checksum: a change makes the next request render it again.
import { createHash } from 'node:crypto';
import type { Order } from '../order.entity';

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
