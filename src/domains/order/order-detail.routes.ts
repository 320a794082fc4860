// HTTP surface of one order: read it and change its billing details.
import { IdParams } from '../../contracts/common';
import { Order } from '../../contracts/order';
import { OrderUpdate } from '../../contracts/order-invoice';
import { UNVERSIONED } from '../../contracts/api-version';
import { ResourceNotFound } from '../../kernel/errors';
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
      async handler({ auth, tx, params, request }) {
        const order = await orders.get(tx.em, auth.organizationId, params.id);
        // 0.x clients validate `status` strictly and do not know drafts: one is not found for them.
        if (order.status === 'draft' && request.apiVersion === UNVERSIONED)
          throw new ResourceNotFound('Order not found.');
        return orders.output(tx.em, order);
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
      async handler({ auth, tx, params, body, request }) {
        const order = await orders.get(tx.em, auth.organizationId, params.id);
        if (order.status === 'draft' && request.apiVersion === UNVERSIONED)
          throw new ResourceNotFound('Order not found.');
        return orders.output(tx.em, await orders.update(tx, auth.organizationId, params.id, body));
      },
    }),
  ];
}
