// One order as a row of the CSV export: its columns, in order.
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { Order } from './order.entity';

export const COLUMNS = [
  'id',
  'created_at',
  'status',
  'billing_reason',
  'invoice_number',
  'receipt_number',
  'customer_email',
  'customer_external_id',
  'billing_name',
  'billing_country',
  'product',
  'currency',
  'subtotal_amount',
  'discount_amount',
  'net_amount',
  'tax_amount',
  'total_amount',
  'refunded_amount',
  'refunded_tax_amount',
] as const;

export type OrderExportRow = Record<(typeof COLUMNS)[number], string | number | null | undefined>;

/** The order's row, with its customer (when still found) and its product's name. */
export function orderExportRow(
  order: Order,
  customer: CustomerOutput | undefined,
  productName: string | null | undefined,
): OrderExportRow {
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    billing_reason: order.billingReason,
    invoice_number: order.invoiceNumber,
    receipt_number: order.receiptNumber,
    customer_email: customer?.email,
    customer_external_id: customer?.external_id,
    billing_name: order.billingName,
    billing_country: order.billingAddress?.country,
    product: productName,
    currency: order.currency,
    subtotal_amount: order.subtotalAmount,
    discount_amount: order.discountAmount,
    net_amount: order.netAmount,
    tax_amount: order.taxAmount,
    total_amount: order.totalAmount,
    refunded_amount: order.refundedAmount,
    refunded_tax_amount: order.refundedTaxAmount,
  };
}
