// HTTP surface of orders: read, list and export (orders are created by checkouts and renewals), billing details,
// and the order's invoice and receipt.
import type { MikroORM } from '@mikro-orm/postgresql';
import { forgetReadEntities } from '../../platform/database/transaction';
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { Order, OrderList } from '../../contracts/order';
import { OrderDocumentUrl, OrderInvoiceRequested, OrderUpdate } from '../../contracts/order-invoice';
import { OrderExportQuery, OrderListQuery } from '../../contracts/order-list-query';
import { Accepted, defineRoute, Download, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { OrderDocumentService } from './document/order-document.service';
import { exportOrders } from './order-export';
import type { OrderService } from './order.service';

const READ = ['orders:read'] as const;
const WRITE = ['orders:write'] as const;

export interface OrderRouteDeps {
  orm: MikroORM;
  orders: OrderService;
  documents: OrderDocumentService;
  customers: CustomerService;
  products: ProductService;
}

export function orderRoutes({ orm, orders, documents, customers, products }: OrderRouteDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/orders/',
      summary: 'List orders',
      scopes: READ,
      query: OrderListQuery,
      status: 200,
      response: OrderList,
      async handler({ auth, tx, query }) {
        const page = await orders.list(tx.em, auth.organizationId, query);
        const items = await orders.outputs(tx.em, auth.organizationId, page.items);
        forgetReadEntities(tx);
        return { items, pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/orders/export',
      summary: 'Export orders as CSV (streamed)',
      scopes: READ,
      query: OrderExportQuery,
      status: 200,
      response: z.string().meta({ contentMediaType: 'text/csv' }),
      outsideTransaction: true,
      async handler({ auth, query }) {
        return new Download(
          'text/csv; charset=utf-8',
          'orders.csv',
          exportOrders({ orm, customers, products }, auth.organizationId, query),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/orders/:id',
      summary: 'Get an order',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Order,
      async handler({ auth, tx, params }) {
        return orders.output(tx.em, await orders.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/orders/:id',
      summary: "Update an order's billing name and address",
      scopes: WRITE,
      params: IdParams,
      body: OrderUpdate,
      status: 200,
      response: Order,
      async handler({ auth, tx, params, body }) {
        return orders.output(tx.em, await orders.update(tx, auth.organizationId, params.id, body));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/orders/:id/invoice',
      summary: "Generate the order's invoice (202; rendered in the background)",
      scopes: READ,
      params: IdParams,
      status: 202,
      response: OrderInvoiceRequested,
      async handler({ auth, tx, params }) {
        const { order, generated } = await documents.requestInvoice(tx, auth.organizationId, params.id);
        return new Accepted({
          order_id: order.id,
          invoice_number: order.invoiceNumber,
          status: generated ? 'generated' : 'generating',
        });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/orders/:id/invoice',
      summary: "The order's invoice: a signed, expiring URL of the PDF",
      scopes: READ,
      params: IdParams,
      status: 200,
      response: OrderDocumentUrl,
      async handler({ auth, tx, params }) {
        return documents.invoiceUrl(tx.em, auth.organizationId, params.id);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/orders/:id/receipt',
      summary: "The order's receipt: a signed URL of the PDF, or 202 while it is being rendered",
      scopes: READ,
      params: IdParams,
      status: 200,
      response: OrderDocumentUrl.meta({ id: 'OrderReceipt' }),
      async handler({ auth, tx, params }) {
        return (await documents.receipt(tx, auth.organizationId, params.id)) ?? new Accepted({ status: 'rendering' });
      },
    }),
  ];
}
