// The CSV export of an organization's orders: the list's filters, read in keyset pages (oldest first) and written as
// the client reads, with each page's customers and products read once for the page.
import type { MikroORM } from '@mikro-orm/postgresql';
import { ORDER_EXPORT_COLUMNS, type OrderExportQuery } from '../../contracts/order-list-query';
import { byId, distinctIds } from '../../kernel/ids';
import { chosenColumns, csvDownload } from '../../platform/http/csv-download';
import type { Download } from '../../platform/http/route';
import type { CustomerService } from '../customer';
import type { ProductService } from '../catalog';
import { orderFilters, orders } from './order-list';
import { orderExportRow, type OrderExportRow } from './order-export-row';

export interface OrderExportDeps {
  orm: MikroORM;
  customers: CustomerService;
  products: ProductService;
}

async function* orderExportRows(
  deps: OrderExportDeps,
  organizationId: string,
  query: OrderExportQuery,
): AsyncGenerator<OrderExportRow> {
  for await (const { em, rows } of orders.pages(deps.orm, organizationId, query, {
    alias: 'o',
    where: orderFilters(query),
  })) {
    const customers = byId(
      await deps.customers.outputs(
        em,
        organizationId,
        distinctIds(rows, (o) => o.customerId),
      ),
    );
    const products = byId(
      await deps.products.summaries(
        em,
        organizationId,
        distinctIds(rows, (o) => o.productId),
      ),
    );
    for (const order of rows) {
      const productName = order.productId ? products.get(order.productId)?.name : null;
      yield orderExportRow(order, customers.get(order.customerId), productName, query.timezone);
    }
  }
}

export function exportOrders(deps: OrderExportDeps, organizationId: string, query: OrderExportQuery): Download {
  const columns = chosenColumns(ORDER_EXPORT_COLUMNS, query.columns);
  return csvDownload('orders.csv', columns, orderExportRows(deps, organizationId, query));
}
