// The CSV export of an organization's orders, streamed: read in pages by (created_at, id), written as they come, so
// a large export never sits in memory whole nor holds a transaction open.
import { Readable, pipeline } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { stringify } from 'csv-stringify';
import type { OrderExportQuery } from '../../contracts/order-list-query';
import type { CustomerService } from '../customer';
import type { ProductService } from '../catalog';
import { COLUMNS } from './order-export-row';
import { orderExportRows } from './order-export-rows';

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
    Readable.from(orderExportRows(deps, organizationId, query)),
    csv,
    (error) => error && console.error('order export failed:', error.message),
  );
  return csv;
}
