// HTTP surface of a succeeded refund's credit note: a signed URL of its PDF once rendered.
import { IdParams } from '../../../contracts/common';
import { OrderDocumentUrl } from '../../../contracts/order-invoice';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { OrderDocumentService } from '../document/order-document.service';

const READ = ['refunds:read', 'refunds:write'] as const;

export function refundCreditNoteRoutes({ documents }: { documents: OrderDocumentService }): RouteDefinition[] {
  return [
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
