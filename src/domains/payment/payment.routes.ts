// HTTP surface of payments: list them and read one (every charge attempt writes its own; nothing here writes).
import { IdParams } from '../../contracts/common';
import { Payment, PaymentList } from '../../contracts/payment';
import { PaymentListQuery } from '../../contracts/payment-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { paymentOutput } from './payment.output';
import type { PaymentService } from './payment.service';

const READ = ['payments:read'] as const;

export function paymentRoutes({ payments }: { payments: PaymentService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/payments/',
      summary: 'List payments',
      scopes: READ,
      query: PaymentListQuery,
      status: 200,
      response: PaymentList,
      async handler({ auth, tx, query }) {
        const page = await payments.list(tx.em, auth.organizationId, query);
        return { items: page.items.map(paymentOutput), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/payments/:id',
      summary: 'Get a payment',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Payment,
      async handler({ auth, tx, params }) {
        return paymentOutput(await payments.get(tx.em, auth.organizationId, params.id));
      },
    }),
  ];
}
