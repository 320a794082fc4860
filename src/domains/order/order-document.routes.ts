// HTTP surface of an order's documents: its invoice generated and fetched, and its receipt.
import { IdParams } from '../../contracts/common';
import { OrderDocumentUrl, OrderInvoiceRequested } from '../../contracts/order-invoice';
import { Accepted, defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrderDocumentService } from './document/order-document.service';

const READ = ['orders:read'] as const;

export function orderDocumentRoutes({ documents }: { documents: OrderDocumentService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/orders/:id/invoice',
      summary: "Generate the order's invoice (202; rendered in the background)",
      scopes: READ,
      params: IdParams,
      status: 202,
      response: OrderInvoiceRequested,
      async handler({ auth, tx, params }) {
        const { order, generated } = await documents.requestInvoice(tx, auth.organizationId, params.id);
        return new Accepted({
          order_id: order.id,
          invoice_number: order.invoiceNumber,
          status: generated ? 'generated' : 'generating',
        });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/orders/:id/invoice',
      summary: "The order's invoice: a signed, expiring URL of the PDF",
      scopes: READ,
      params: IdParams,
      status: 200,
      response: OrderDocumentUrl,
      async handler({ auth, tx, params }) {
        return documents.invoiceUrl(tx.em, auth.organizationId, params.id);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/orders/:id/receipt',
      summary: "The order's receipt: a signed URL of the PDF, or 202 while it is being rendered",
      scopes: READ,
      params: IdParams,
      status: 200,
      response: OrderDocumentUrl.meta({ id: 'OrderReceipt' }),
      async handler({ auth, tx, params }) {
        return (await documents.receipt(tx, auth.organizationId, params.id)) ?? new Accepted({ status: 'rendering' });
      },
    }),
  ];
}
