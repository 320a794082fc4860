// HTTP surface of refunds: create one against a paid order, list them (the workflow carries each one out), and the
// credit note of a succeeded one.
import { IdParams } from '../../../contracts/common';
import { OrderDocumentUrl } from '../../../contracts/order-invoice';
import { Refund, RefundList } from '../../../contracts/refund';
import { RefundCreate } from '../../../contracts/refund-create';
import { RefundListQuery } from '../../../contracts/refund-list-query';
import type { OrderDocumentService } from '../document/order-document.service';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { RefundService } from './refund.service';

const READ = ['refunds:read', 'refunds:write'] as const;
const WRITE = ['refunds:write'] as const;

export function refundRoutes({
  refunds,
  documents,
}: {
  refunds: RefundService;
  documents: OrderDocumentService;
}): RouteDefinition[] {
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
    defineRoute({
      method: 'get',
      path: '/v1/refunds/:id/credit-note',
      summary: "A succeeded refund's credit note: a signed, expiring URL of the PDF (404 until it is rendered)",
      scopes: READ,
      params: IdParams,
      status: 200,
      response: OrderDocumentUrl.meta({ id: 'RefundCreditNote' }),
      async handler({ auth, tx, params }) {
        return documents.creditNoteUrl(tx.em, auth.organizationId, params.id);
      },
    }),
  ];
}
