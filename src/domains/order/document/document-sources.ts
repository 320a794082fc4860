// What an order's documents are worked out from beyond the order: its items in order, and who the document names.
import type { EntityManager } from '@mikro-orm/postgresql';
import { OrderItem, type Order } from '../order.entity';
import type { DocumentContext } from './document-parties';
import type { DocumentDeps } from './order-document.service';

/** The order's items, in their order. */
export function itemsOf(em: EntityManager, order: Order): Promise<OrderItem[]> {
  return em.find(OrderItem, { orderId: order.id }, { orderBy: { position: 'asc' } });
}

/** The seller, the merchant and the customer's name, as the documents name them. */
export async function contextOf(
  deps: Pick<DocumentDeps, 'organizations' | 'customers' | 'seller'>,
  em: EntityManager,
  order: Order,
): Promise<DocumentContext> {
  const organization = await deps.organizations.findOrganization(em, order.organizationId);
  const customer = await deps.customers.ofOrder(em, order.customerId);
  return { seller: deps.seller, merchantName: organization.name, customerName: customer.name ?? customer.email };
}
