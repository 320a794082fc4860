// The CSV export of an organization's orders, streamed: read in pages by (created_at, id), written as they come, so
// a large export never sits in memory whole nor holds a transaction open.
import { Readable, pipeline } from 'node:stream';
import type { FilterQuery } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { stringify } from 'csv-stringify';
import type { OrderExportQuery } from '../../contracts/order-list-query';
import { distinctIds } from '../../kernel/ids';
import type { CustomerService } from '../customer';
import type { ProductService } from '../catalog';
import { Order } from './order.entity';

const PAGE_SIZE = 500;

const COLUMNS = [
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

export function exportOrders(
  deps: { orm: MikroORM; customers: CustomerService; products: ProductService },
  organizationId: string,
  query: OrderExportQuery,
): Readable {
  // A cell a spreadsheet would run as a formula (a product or billing name starting with `=`) is quoted as text.
  const csv = stringify({
    header: true,
    columns: [...COLUMNS],
    cast: { string: (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
  });
  // A failing page read ends the response (the download is cut short) instead of going unhandled.
  pipeline(
    Readable.from(rows(deps, organizationId, query)),
    csv,
    (error) => error && console.error('order export failed:', error.message),
  );
  return csv;
}

async function* rows(
  deps: { orm: MikroORM; customers: CustomerService; products: ProductService },
  organizationId: string,
  query: OrderExportQuery,
): AsyncGenerator<Record<(typeof COLUMNS)[number], string | number | null | undefined>> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const em = deps.orm.em.fork();
    const where: FilterQuery<Order> = {
      organizationId,
      ...(query.organization_id && {
        organizationId: { $in: query.organization_id.filter((id) => id === organizationId) },
      }),
      ...(query.product_id && { productId: { $in: query.product_id } }),
      ...(after && {
        $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, id: { $gt: after.id } }],
      }),
    };
    const page: Order[] = await em.find(Order, where, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: PAGE_SIZE });
    if (!page.length) return;
    const customers = new Map(
      (
        await deps.customers.outputs(
          em,
          organizationId,
          distinctIds(page, (o) => o.customerId),
        )
      ).map((c) => [c.id, c]),
    );
    const products = new Map(
      (
        await deps.products.summaries(
          em,
          organizationId,
          distinctIds(page, (o) => o.productId),
        )
      ).map((p) => [p.id, p]),
    );
    for (const order of page) {
      const customer = customers.get(order.customerId);
      yield {
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
        product: order.productId ? products.get(order.productId)?.name : null,
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
    const last = page[page.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}
