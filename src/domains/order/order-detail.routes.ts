// HTTP surface of one order: read it and change its billing details.
import { IdParams } from '../../contracts/common';
import { Order } from '../../contracts/order';
import { OrderUpdate } from '../../contracts/order-invoice';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrderService } from './order.service';

const READ = ['orders:read'] as const;
const WRITE = ['orders:write'] as const;

export function orderDetailRoutes({ orders }: { orders: OrderService }): RouteDefinition[] {
  return [
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
  ];
}
