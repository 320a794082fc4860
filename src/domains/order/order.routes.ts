// HTTP surface of orders: read and list (orders are created by checkouts).
import { IdParams } from '../../contracts/common';
import { Order, OrderList, OrderListQuery } from '../../contracts/order';
import { defineRoute } from '../../app/http/route';

const READ = ['orders:read'] as const;

export const orderRoutes = [
  defineRoute({
    method: 'get',
    path: '/v1/orders/',
    summary: 'List orders',
    scopes: READ,
    query: OrderListQuery,
    status: 200,
    response: OrderList,
    async handler({ env, auth, tx, query }) {
      const page = await env.orders.list(tx.em, auth.organizationId, query);
      return { items: await env.orders.outputs(tx.em, auth.organizationId, page.items), pagination: page.pagination };
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
    async handler({ env, auth, tx, params }) {
      return env.orders.output(tx.em, await env.orders.get(tx.em, auth.organizationId, params.id));
    },
  }),
];
