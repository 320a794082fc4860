// HTTP surface of refunds: create one against a paid order, and list them (the workflow carries each one out).
import { Refund, RefundList } from '../../../contracts/refund';
import { RefundCreate } from '../../../contracts/refund-create';
import { RefundListQuery } from '../../../contracts/refund-list-query';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { RefundService } from './refund.service';

const READ = ['refunds:read', 'refunds:write'] as const;
const WRITE = ['refunds:write'] as const;

export function refundRoutes({ refunds }: { refunds: RefundService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/refunds/',
      summary: 'Create a refund',
      scopes: WRITE,
      body: RefundCreate,
      status: 201,
      response: Refund,
      idempotent: true,
      // writes the pending refund, refund.created and the start of `refund:<id>` (which asks the processor)
      async handler({ auth, tx, body }) {
        return refunds.output(await refunds.create(tx, auth.organizationId, body));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/refunds/',
      summary: 'List refunds',
      scopes: READ,
      query: RefundListQuery,
      status: 200,
      response: RefundList,
      async handler({ auth, tx, query }) {
        const page = await refunds.list(tx.em, auth.organizationId, query);
        return { items: page.items.map((refund) => refunds.output(refund)), pagination: page.pagination };
      },
    }),
  ];
}
