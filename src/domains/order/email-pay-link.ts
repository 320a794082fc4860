// A pay link to one pending order e-mailed to its customer (queued in the caller's transaction).
import type { Tx } from '../../platform/database/transaction';
import type { Order } from './order.entity';
import type { OrderDeps } from './order-deps';
import { orderPayLinkEmail } from './order-pay-link.email';

/** Queues the pay-link e-mail of a pending order, unless its customer was deleted. */
export async function emailPayLink(deps: OrderDeps, tx: Tx, order: Order, reason: 'invoice' | 'declined') {
  const customer = await deps.customers.ofOrder(tx.em, order.customerId);
  if (customer.deletedAt) return;
  const { name } = await deps.organizations.findOrganization(tx.em, order.organizationId);
  const { url, expiresAt } = deps.payLinks.link(order.id);
  await deps.email.enqueue(tx, {
    organizationId: order.organizationId,
    to: customer.email,
    template: orderPayLinkEmail,
    params: {
      organizationName: name,
      customerName: customer.name,
      reason,
      description: order.description,
      invoiceNumber: order.invoiceNumber,
      currency: order.currency,
      totalAmount: order.totalAmount,
      url,
      expiresAt: expiresAt.toISOString(),
    },
  });
}
