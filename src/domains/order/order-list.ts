// The organization's orders: the repository of its rows (404 for another organization's), and a page of them with
// the reference's filters and sorting.
import { raw } from '@mikro-orm/core';
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import type { OrderExportQuery, OrderListQuery } from '../../contracts/order-list-query';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { productOrOrganizationNamed } from '../catalog';
import { Order } from './order.entity';

export const orders = new OwnedRepository(Order, { label: 'Order' });

/** Sorting by a related record goes by what people read there: the customer's e-mail, the product's and discount's name. */
const sortColumns = () => ({
  created_at: 'createdAt',
  status: 'status',
  invoice_number: 'invoiceNumber',
  amount: 'netAmount',
  net_amount: 'netAmount',
  customer: raw('(select c.email from customer c where c.id = o.customer_id)'),
  product: raw('(select p.name from product p where p.id = o.product_id)'),
  discount: raw('(select d.name from discount d where d.id = o.discount_id)'),
  subscription: 'subscriptionId',
});

/** What a list may leave out or search: drafts (0.x clients and customers never see them), names (`query`). */
type OrderFilters = Omit<OrderListQuery, 'page' | 'limit' | 'sorting'> & { query?: string; hideDrafts?: boolean };
export type OrderListOptions = OrderListQuery & { query?: string; hideDrafts?: boolean };

/** The list's filters (and the export's, which adds status and creation dates) on a query aliased `o`. */
export function orderFilters(
  query: OrderFilters & Partial<Pick<OrderExportQuery, 'status' | 'created_after' | 'created_before'>>,
) {
  return (qb: QueryBuilder<Order>) => {
    if (query.hideDrafts) qb.andWhere({ status: { $ne: 'draft' } });
    if (query.product_id) qb.andWhere({ productId: { $in: query.product_id } });
    if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
    if (query.external_customer_id)
      qb.andWhere('o.customer_id in (select id from customer where external_id in (?))', [query.external_customer_id]);
    if (query.checkout_id) qb.andWhere({ checkoutId: { $in: query.checkout_id } });
    if (query.discount_id) qb.andWhere({ discountId: { $in: query.discount_id } });
    if (query.subscription_id) qb.andWhere({ subscriptionId: { $in: query.subscription_id } });
    const types = query.product_billing_type;
    if (types?.length === 1) qb.andWhere({ billingReason: types[0] === 'one_time' ? 'purchase' : { $ne: 'purchase' } });
    if (query.query) qb.andWhere(...productOrOrganizationNamed('o', likeContains(query.query)));
    if (query.status) qb.andWhere({ status: { $in: query.status } });
    if (query.created_after) qb.andWhere({ createdAt: { $gte: new Date(query.created_after) } });
    if (query.created_before) qb.andWhere({ createdAt: { $lte: new Date(query.created_before) } });
  };
}

/** `query` (the customer portal's search) matches the product's or the organization's name. */
export function listOrders(em: EntityManager, organizationId: string, query: OrderListOptions) {
  return orders.list(em, organizationId, query, { alias: 'o', sort: sortColumns(), where: orderFilters(query) });
}
