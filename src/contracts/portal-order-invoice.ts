// A customer's order documents in the portal: the billing details for the invoice, the invoice and receipt links.
import { z } from 'zod';
import { Uuid } from './common';
import { OrderUpdate } from './order-invoice';

/** The billing name and address for the invoice, with the same rules as the organization's order update. */
export const CustomerOrderUpdate = OrderUpdate.meta({ id: 'CustomerOrderUpdate' });

export const CustomerOrderInvoice = z.object({ url: z.string() }).meta({ id: 'CustomerOrderInvoice' });
export const CustomerOrderReceipt = z.object({ url: z.string() }).meta({ id: 'CustomerOrderReceipt' });
export const CustomerOrderInvoiceRequested = z.object({
  order_id: Uuid,
  invoice_number: z.string().nullable(),
  status: z.enum(['generating', 'generated']),
});
