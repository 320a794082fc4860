// The rows of an organization's orders for the CSV export, read in pages by (created_at, id) so a large export never
// sits in memory whole nor holds a transaction open.
import type { FilterQuery } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { OrderExportQuery } from '../../contracts/order-list-query';
import { distinctIds } from '../../kernel/ids';
import type { CustomerService } from '../customer';
import type { ProductService } from '../catalog';
import { Order } from './order.entity';
import { orderExportRow, type OrderExportRow } from './order-export-row';

const PAGE_SIZE = 500;

export async function* orderExportRows(
  deps: { orm: MikroORM; customers: CustomerService; products: ProductService },
  organizationId: string,
  query: OrderExportQuery,
): AsyncGenerator<OrderExportRow> {
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
      const productName = order.productId ? products.get(order.productId)?.name : null;
      yield orderExportRow(order, customers.get(order.customerId), productName);
    }
    const last = page[page.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}
