// The customer portal's order receipt: a signed URL of the PDF of one of the caller's own orders, or 202 while it is
// being rendered.
import { IdParams } from '../../contracts/common';
import { CustomerOrderReceipt } from '../../contracts/portal-order-invoice';
import { Accepted, defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { OrderDocumentService, OrderService } from '../order';

export function portalOrderReceiptRoutes(deps: {
  orders: OrderService;
  documents: OrderDocumentService;
}): RouteDefinition[] {
  const { orders, documents } = deps;
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/orders/:id/receipt',
      summary: "The order's receipt: a signed URL of the PDF, or 202 while it is being rendered",
      params: IdParams,
      status: 200,
      response: CustomerOrderReceipt,
      async handler({ customer, tx, params }) {
        await orders.getOfCustomer(tx.em, customer.organizationId, customer.customerId, params.id);
        return (
          (await documents.receipt(tx, customer.organizationId, params.id)) ?? new Accepted({ status: 'rendering' })
        );
      },
    }),
  ];
}
