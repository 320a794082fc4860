// Orders as the API shows them, with their items, customers, products, prices, discounts and subscriptions read once
// for all.
import { readTogether } from '../../platform/database/detached-reads';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Order as OrderOutput } from '../../contracts/order';
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { OrderSubscription } from '../../contracts/order-subscription';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { ProductSummary } from '../../contracts/product';
import { byId, distinctIds, knownOrRead } from '../../kernel/ids';
import { OrderItem, type Order } from './order.entity';
import type { OrderDeps } from './order-deps';
import { orderOutput } from './order.output';

/**
 * What a caller already read (in this transaction) and need not be read again for an order's output: its items as
 * written, and the records it embeds. Whatever is missing is read.
 */
export interface OrderReads {
  items?: OrderItem[];
  customers?: CustomerOutput[];
  products?: ProductSummary[];
  prices?: PriceOutput[];
  subscriptions?: OrderSubscription[];
}

/** One order as the API shows it. */
export async function readOrderOutput(
  deps: OrderDeps,
  em: EntityManager,
  order: Order,
  known: OrderReads = {},
): Promise<OrderOutput> {
  return (await readOrderOutputs(deps, em, order.organizationId, [order], known))[0];
}

/** Orders of one organization as the API shows them: items, customers, products and prices read once for all. */
export async function readOrderOutputs(
  deps: OrderDeps,
  em: EntityManager,
  organizationId: string,
  orders: Order[],
  known: OrderReads = {},
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
  const [items, customersById, productsById, pricesById, discountRows, subscriptionsById] = await readTogether(em, [
    () =>
      known.items?.slice().sort((a, b) => a.position - b.position) ??
      em.find(OrderItem, { orderId: { $in: ids((o) => o.id) } }, { orderBy: { position: 'asc' } }),
    () => knownOrRead(customerIds, known.customers, (missing) => customers.outputs(em, organizationId, missing)),
    () => knownOrRead(productIds, known.products, (missing) => products.summaries(em, organizationId, missing)),
    () => knownOrRead(priceIds, known.prices, (missing) => products.priceOutputs(em, organizationId, missing)),
    () =>
      discountIds.length
        ? discounts.findByIds(em, organizationId, discountIds).then((rows) => discounts.outputs(em, rows))
        : [],
    () => knownOrRead(subscriptionIds, known.subscriptions, (missing) => subscriptions.orderSummaries(em, missing)),
  ]);
  const discountsById = byId(discountRows);
  const itemsOf = (order: Order) => items.filter((item) => item.orderId === order.id);
  return orders.map((order) =>
    orderOutput(order, itemsOf(order), customersById, productsById, pricesById, discountsById, subscriptionsById),
  );
}
