// HTTP surface of draft orders: create one for a customer, finalize it (numbered, taxed, payable; charged at once
// with a saved method).
import { IdParams } from '../../contracts/common';
import { Order } from '../../contracts/order';
import { OrderCreate, OrderFinalize } from '../../contracts/order-create';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrderPayments } from './order-payments.service';
import type { OrderService } from './order.service';

const WRITE = ['orders:write'] as const;

export function draftOrderRoutes(s: { orders: OrderService; orderPayments: OrderPayments }): RouteDefinition[] {
  const { orders, orderPayments } = s;
  return [
    defineRoute({
      method: 'post',
      path: '/v1/orders/',
      summary: 'Create a draft order',
      scopes: WRITE,
      body: OrderCreate,
      idempotent: true,
      status: 201,
      response: Order,
      // writes the draft order; nothing is sent until it is finalized
      async handler({ auth, tx, body }) {
        return orders.output(tx.em, await orders.createDraft(tx, auth.organizationId, body));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/orders/:id/finalize',
      summary: 'Finalize a draft order',
      scopes: WRITE,
      params: IdParams,
      body: OrderFinalize,
      outsideTransaction: true,
      status: 200,
      response: Order,
      // numbers and taxes the order, order.created, starts order:<id> and its invoice; charges it or e-mails a pay link
      async handler({ auth, tx, params, body }) {
        const order = await orderPayments.finalize(auth.organizationId, params.id, body);
        return orders.output(tx.em, await orders.findById(tx.em, order.id));
      },
    }),
  ];
}
