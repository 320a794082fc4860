// The customer portal's orders: the caller's own, listed and read as CustomerOrder, their billing details edited, and
// their invoice, receipt and payment status. Another customer's order is not found.
import type { EntityManager } from '@mikro-orm/postgresql';
import { IdParams } from '../../contracts/common';
import type { Order as OrderOutput } from '../../contracts/order';
import { CustomerOrder, CustomerOrderList } from '../../contracts/portal-order';
import {
  CustomerOrderInvoice,
  CustomerOrderInvoiceRequested,
  CustomerOrderReceipt,
  CustomerOrderUpdate,
} from '../../contracts/portal-order-invoice';
import { CustomerOrderListQuery } from '../../contracts/portal-order-list-query';
import { CustomerOrderPaymentStatus } from '../../contracts/portal-order-payment-status';
import { byId, distinctIds } from '../../kernel/ids';
import {
  Accepted,
  defineCustomerRoute,
  type AuthenticatedCustomer,
  type RouteDefinition,
} from '../../platform/http/route';
import type { ProductService } from '../catalog';
import { paymentStatus, type Order, type OrderDocumentService, type OrderService } from '../order';
import type { OrganizationService } from '../organization';
import { customerOrganization } from './portal-organization';

export interface PortalOrderRouteDeps {
  orders: OrderService;
  documents: OrderDocumentService;
  products: ProductService;
  organizations: OrganizationService;
}

export function portalOrderRoutes(deps: PortalOrderRouteDeps): RouteDefinition[] {
  const { orders, documents } = deps;
  const own = (em: EntityManager, customer: AuthenticatedCustomer, id: string) =>
    orders.getOfCustomer(em, customer.organizationId, customer.customerId, id);
  const one = async (em: EntityManager, organizationId: string, order: Order) =>
    (await customerOrders(em, deps, organizationId, await orders.outputs(em, organizationId, [order])))[0];

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
        const page = await orders.list(tx.em, organizationId, { ...query, customer_id: [customerId], metadata: {} });
        const outputs = await orders.outputs(tx.em, organizationId, page.items);
        return { items: await customerOrders(tx.em, deps, organizationId, outputs), pagination: page.pagination };
      },
    }),
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
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/orders/:id/receipt',
      summary: "The order's receipt: a signed URL of the PDF, or 202 while it is being rendered",
      params: IdParams,
      status: 200,
      response: CustomerOrderReceipt,
      async handler({ customer, tx, params }) {
        await own(tx.em, customer, params.id);
        return (
          (await documents.receipt(tx, customer.organizationId, params.id)) ?? new Accepted({ status: 'rendering' })
        );
      },
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/orders/:id/payment-status',
      summary: "How the order's payment stands",
      params: IdParams,
      status: 200,
      response: CustomerOrderPaymentStatus,
      async handler({ customer, tx, params }) {
        return paymentStatus(await own(tx.em, customer, params.id));
      },
    }),
  ];
}

/** Orders as the portal shows them: the API's order, its full product with the organization, nothing else. */
async function customerOrders(
  em: EntityManager,
  deps: PortalOrderRouteDeps,
  organizationId: string,
  outputs: OrderOutput[],
): Promise<CustomerOrder[]> {
  if (!outputs.length) return [];
  const organization = await customerOrganization(em, deps.organizations, organizationId);
  const productIds = distinctIds(outputs, (order) => order.product_id);
  const products = byId(await deps.products.outputsByIds(em, organizationId, productIds));
  return outputs.map((output) => {
    const product = output.product_id ? products.get(output.product_id) : undefined;
    return CustomerOrder.parse({ ...output, product: product ? { ...product, organization } : null });
  });
}
