// The customer portal's order invoice: generated in the background for one of the caller's own orders, then fetched as
// a signed URL. Another customer's order is not found.
import type { EntityManager } from '@mikro-orm/postgresql';
import { IdParams } from '../../contracts/common';
import { CustomerOrderInvoice, CustomerOrderInvoiceRequested } from '../../contracts/portal-order-invoice';
import {
  Accepted,
  defineCustomerRoute,
  type AuthenticatedCustomer,
  type RouteDefinition,
} from '../../platform/http/route';
import type { OrderDocumentService, OrderService } from '../order';

export interface PortalOrderDocumentRouteDeps {
  orders: OrderService;
  documents: OrderDocumentService;
}

export function portalOrderInvoiceRoutes({ orders, documents }: PortalOrderDocumentRouteDeps): RouteDefinition[] {
  const own = (em: EntityManager, customer: AuthenticatedCustomer, id: string) =>
    orders.getOfCustomer(em, customer.organizationId, customer.customerId, id);

  return [
    defineCustomerRoute({
      method: 'post',
      path: '/v1/customer-portal/orders/:id/invoice',
      summary: "Generate the order's invoice (202; rendered in the background)",
      params: IdParams,
      status: 202,
      response: CustomerOrderInvoiceRequested,
      async handler({ customer, tx, params }) {
        await own(tx.em, customer, params.id);
        const { order, generated } = await documents.requestInvoice(tx, customer.organizationId, params.id); // starts invoice:<orderId>
        return new Accepted({
          order_id: order.id,
          invoice_number: order.invoiceNumber,
          status: generated ? 'generated' : 'generating',
        });
      },
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/orders/:id/invoice',
      summary: "The order's invoice: a signed, expiring URL of the PDF (404 until generated)",
      params: IdParams,
      status: 200,
      response: CustomerOrderInvoice,
      async handler({ customer, tx, params }) {
        await own(tx.em, customer, params.id);
        return documents.invoiceUrl(tx.em, customer.organizationId, params.id);
      },
    }),
  ];
}
