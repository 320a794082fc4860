// HTTP surface of orders: read and list (orders are created by checkouts).
import { IdParams } from '../../contracts/common';
import { Order, OrderList, OrderListQuery } from '../../contracts/order';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrderService } from './order.service';

const READ = ['orders:read'] as const;

export function orderRoutes({ orders }: { orders: OrderService }): RouteDefinition[] {
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
        return { items: await orders.outputs(tx.em, auth.organizationId, page.items), pagination: page.pagination };
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
  ];
}
