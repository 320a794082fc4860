// The customer portal's order payment status: how the payment of one of the caller's own orders stands.
import { IdParams } from '../../contracts/common';
import { CustomerOrderPaymentStatus } from '../../contracts/portal-order-payment-status';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import { paymentStatus, type OrderService } from '../order';

export function portalOrderPaymentRoutes({ orders }: { orders: OrderService }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/orders/:id/payment-status',
      summary: "How the order's payment stands",
      params: IdParams,
      status: 200,
      response: CustomerOrderPaymentStatus,
      async handler({ customer, tx, params }) {
        return paymentStatus(
          await orders.getOfCustomer(tx.em, customer.organizationId, customer.customerId, params.id),
        );
      },
    }),
  ];
}
