// One order as a row of the CSV export (columns: ORDER_EXPORT_COLUMNS), its date in the asked zone.
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { OrderExportColumn } from '../../contracts/order-list-query';
import { isoInZone } from '../../kernel/zoned-time';
import type { CsvCell } from '../../platform/http/csv-download';
import type { Order } from './order.entity';

export type OrderExportRow = Record<OrderExportColumn, CsvCell>;

/** The order's row, with its customer (when still found) and its product's name. */
export function orderExportRow(
  order: Order,
  customer: CustomerOutput | undefined,
  productName: string | null | undefined,
  timeZone: string,
): OrderExportRow {
  return {
    id: order.id,
    created_at: isoInZone(order.createdAt, timeZone),
    status: order.status,
    billing_reason: order.billingReason,
    invoice_number: order.invoiceNumber,
    receipt_number: order.receiptNumber,
    email: customer?.email,
    customer_name: customer?.name,
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
