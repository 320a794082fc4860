// Orders as the API shows them, with their items, customers, products, prices, discounts and subscriptions read once
// for all.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Order as OrderOutput } from '../../contracts/order';
import { byId, distinctIds } from '../../kernel/ids';
import { OrderItem, type Order } from './order.entity';
import type { OrderDeps } from './order-deps';
import { orderOutput } from './order.output';

/** One order as the API shows it. */
export async function readOrderOutput(deps: OrderDeps, em: EntityManager, order: Order): Promise<OrderOutput> {
  return (await readOrderOutputs(deps, em, order.organizationId, [order]))[0];
}

/** Orders of one organization as the API shows them: items, customers, products and prices read once for all. */
export async function readOrderOutputs(
  deps: OrderDeps,
  em: EntityManager,
  organizationId: string,
  orders: Order[],
): Promise<OrderOutput[]> {
  if (!orders.length) return [];
  const { customers, products, discounts, subscriptions } = deps;
  const ids = (pick: (order: Order) => string | null) => distinctIds(orders, pick);
  const [customerIds, productIds, priceIds, discountIds, subscriptionIds] = [
    ids((o) => o.customerId),
    ids((o) => o.productId),
    ids((o) => o.productPriceId),
    ids((o) => o.discountId),
    ids((o) => o.subscriptionId),
  ];
  const items = await em.find(OrderItem, { orderId: { $in: ids((o) => o.id) } }, { orderBy: { position: 'asc' } });
  const customersById = byId(await customers.outputs(em, organizationId, customerIds));
  const productsById = byId(await products.summaries(em, organizationId, productIds));
  const pricesById = byId(await products.priceOutputs(em, organizationId, priceIds));
  const discountsById = byId(
    discountIds.length ? await discounts.outputs(em, await discounts.findByIds(em, organizationId, discountIds)) : [],
  );
  const subscriptionsById = byId(await subscriptions.orderSummaries(em, subscriptionIds));
  const itemsOf = (order: Order) => items.filter((item) => item.orderId === order.id);
  return orders.map((order) =>
    orderOutput(order, itemsOf(order), customersById, productsById, pricesById, discountsById, subscriptionsById),
  );
}
