// An order's invoice: the billing details it is made out to, a document's download URL, and an invoice requested.
import { z } from 'zod';
import { Uuid } from './common';
import { Address } from './address';

/** Billing details for the invoice: the country and state cannot change once set, the tax ID not at all. */
export const OrderUpdate = z
  .object({
    billing_name: z.string().min(1).max(255).nullish(),
    billing_address: Address.nullish(),
  })
  .meta({ id: 'OrderUpdate' });
export type OrderUpdate = z.infer<typeof OrderUpdate>;

/** A signed, expiring download URL of an invoice or receipt PDF. */
export const OrderDocumentUrl = z.object({ url: z.string() }).meta({ id: 'OrderInvoice' });
export const OrderInvoiceRequested = z.object({
  order_id: Uuid,
  invoice_number: z.string().nullable(),
  status: z.enum(['generating', 'generated']),
});
