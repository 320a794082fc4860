// HTTP surface of the orders collection: list and export (orders are created by checkouts and renewals).
import type { MikroORM } from '@mikro-orm/postgresql';
import { detachedReads } from '../../platform/database/detached-reads';
import { z } from 'zod';
import { UNVERSIONED } from '../../contracts/api-version';
import { OrderExportQuery, OrderListQuery } from '../../contracts/order-list-query';
import { OrderList } from '../../contracts/order';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import { exportOrders } from './order-export';
import type { OrderService } from './order.service';

const READ = ['orders:read'] as const;

export interface OrderRouteDeps {
  orm: MikroORM;
  orders: OrderService;
  customers: CustomerService;
  products: ProductService;
}

export function orderRoutes({ orm, orders, customers, products }: OrderRouteDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/orders/',
      summary: 'List orders',
      readOnly: true,
      scopes: READ,
      query: OrderListQuery,
      status: 200,
      response: OrderList,
      async handler({ auth, tx, query, request }) {
        const em = detachedReads(tx.em);
        // 0.x clients validate `status` strictly and do not know drafts: they never see one.
        const page = await orders.list(em, auth.organizationId, {
          ...query,
          hideDrafts: request.apiVersion === UNVERSIONED,
        });
        return { items: await orders.outputs(em, auth.organizationId, page.items), pagination: page.pagination };
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
        return exportOrders({ orm, customers, products }, auth.organizationId, query);
      },
    }),
  ];
}
