// The customer portal's order list: the caller's own orders, as CustomerOrder.
import { CustomerOrderList } from '../../contracts/portal-order';
import { CustomerOrderListQuery } from '../../contracts/portal-order-list-query';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import { customerOrders } from './portal-order.output';
import type { PortalOrderRouteDeps } from './portal-order.routes';

export function portalOrderListRoutes(deps: PortalOrderRouteDeps): RouteDefinition[] {
  const { orders } = deps;
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/orders/',
      summary: "List the customer's orders",
      query: CustomerOrderListQuery,
      status: 200,
      response: CustomerOrderList,
      async handler({ customer, tx, query }) {
        const { organizationId, customerId } = customer;
        const page = await orders.list(tx.em, organizationId, {
          ...query,
          customer_id: [customerId],
          metadata: {},
          hideDrafts: true,
        });
        const outputs = await orders.outputs(tx.em, organizationId, page.items);
        return { items: await customerOrders(tx.em, deps, organizationId, outputs), pagination: page.pagination };
      },
    }),
  ];
}
