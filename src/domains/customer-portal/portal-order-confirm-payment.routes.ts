// Paying a pending order now from the portal (confirm-payment), and through a pay link without a session: the link's
// token names one order, and lets its holder see that order's bill and pay it, nothing else.
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import {
  CustomerOrderConfirmPayment,
  CustomerOrderPaymentConfirmation,
  PayLinkConfirmPayment,
} from '../../contracts/portal-order-confirm-payment';
import { PayLinkOrder } from '../../contracts/portal-pay-link';
import { ResourceNotFound } from '../../kernel/errors';
import { defineCustomerRoute, definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import { paymentStatus } from '../order';
import type { PortalOrderRouteDeps } from './portal-order.routes';
import { customerOrders } from './portal-order.output';
import { payOrderNow, type PayNowDeps } from './pay-order-now';

const TokenParams = z.object({ token: z.string().min(1).max(200) });

export function portalOrderConfirmPaymentRoutes(deps: PortalOrderRouteDeps & PayNowDeps): RouteDefinition[] {
  const { orders, organizations } = deps;
  /** The order a pay link is for; 404 when the link is malformed, forged or expired, or the order gone. */
  const linked = async (em: EntityManager, token: string) => {
    const id = orders.orderOfPayLink(token);
    const order = id && (await orders.findPayable(em, id));
    if (!order || order.status === 'draft') throw new ResourceNotFound('This pay link is invalid or has expired.');
    return order;
  };
  return [
    defineCustomerRoute({
      method: 'post',
      path: '/v1/customer-portal/orders/:id/confirm-payment',
      summary: 'Pay one of your pending orders now',
      params: IdParams,
      body: CustomerOrderConfirmPayment,
      outsideTransaction: true,
      status: 200,
      response: CustomerOrderPaymentConfirmation,
      // charges the order through its flow (a renewal's: its subscription's), which records the payment
      async handler({ customer, tx, params, body }) {
        const order = await orders.getOfCustomer(tx.em, customer.organizationId, customer.customerId, params.id);
        return payOrderNow(deps, order, body);
      },
    }),
    definePublicRoute({
      method: 'get',
      path: '/v1/customer-portal/pay-links/:token',
      summary: 'The order a pay link is for (our addition)',
      params: TokenParams,
      readOnly: true,
      status: 200,
      response: PayLinkOrder,
      async handler({ tx, params }) {
        const order = await linked(tx.em, params.token);
        const [output] = await customerOrders(
          tx.em,
          deps,
          order.organizationId,
          await orders.outputs(tx.em, order.organizationId, [order]),
        );
        const organization = await organizations.findOrganization(tx.em, order.organizationId);
        return {
          order: output,
          organization: { name: organization.name, slug: organization.slug },
          payment_status: paymentStatus(order),
          payable: order.status === 'pending',
        };
      },
    }),
    definePublicRoute({
      method: 'post',
      path: '/v1/customer-portal/pay-links/:token/confirm',
      summary: 'Pay the order of a pay link now (our addition)',
      params: TokenParams,
      body: PayLinkConfirmPayment,
      outsideTransaction: true,
      status: 200,
      response: CustomerOrderPaymentConfirmation,
      async handler({ tx, params, body }) {
        return payOrderNow(deps, await linked(tx.em, params.token), body);
      },
    }),
  ];
}
