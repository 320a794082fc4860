// The customer portal's order: one of the caller's own, read as CustomerOrder and its billing details edited. Another
// customer's order is not found.
import type { EntityManager } from '@mikro-orm/postgresql';
import { IdParams } from '../../contracts/common';
import { CustomerOrder } from '../../contracts/portal-order';
import { CustomerOrderUpdate } from '../../contracts/portal-order-invoice';
import { defineCustomerRoute, type AuthenticatedCustomer, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from '../catalog';
import type { Order, OrderService } from '../order';
import type { OrganizationService } from '../organization';
import { customerOrders } from './portal-order.output';

export interface PortalOrderRouteDeps {
  orders: OrderService;
  products: ProductService;
  organizations: OrganizationService;
}

export function portalOrderRoutes(deps: PortalOrderRouteDeps): RouteDefinition[] {
  const { orders } = deps;
  const own = (em: EntityManager, customer: AuthenticatedCustomer, id: string) =>
    orders.getOfCustomer(em, customer.organizationId, customer.customerId, id);
  const one = async (em: EntityManager, organizationId: string, order: Order) =>
    (await customerOrders(em, deps, organizationId, await orders.outputs(em, organizationId, [order])))[0];

  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/orders/:id',
      summary: "Get one of the customer's orders",
      params: IdParams,
      status: 200,
      response: CustomerOrder,
      async handler({ customer, tx, params }) {
        return one(tx.em, customer.organizationId, await own(tx.em, customer, params.id));
      },
    }),
    defineCustomerRoute({
      method: 'patch',
      path: '/v1/customer-portal/orders/:id',
      summary: "Update the billing name and address of one of the customer's orders",
      params: IdParams,
      body: CustomerOrderUpdate,
      status: 200,
      response: CustomerOrder,
      async handler({ customer, tx, params, body }) {
        await own(tx.em, customer, params.id);
        return one(tx.em, customer.organizationId, await orders.update(tx, customer.organizationId, params.id, body)); // order.updated
      },
    }),
  ];
}
