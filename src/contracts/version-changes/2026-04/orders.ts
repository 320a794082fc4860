// Orders and subscriptions between legacy and 2026-04: the deprecated amount, user and price fields.
import { z } from 'zod';
import { ProductPrice } from '../../price';
import type { Json, SchemaChange } from '../../version-change';

const units: SchemaChange = { added: ['units'] };

/** The deprecated `amount` (the net amount) and `user_id` (the customer) of every legacy order. */
const legacyOrder = {
  added: ['units'],
  removed: { amount: z.int32(), user_id: z.uuid() },
  restore(order: Json) {
    order.amount = order.net_amount;
    order.user_id = order.customer_id;
  },
} satisfies SchemaChange;

export const ORDER_CHANGES: Record<string, SchemaChange> = {
  Order: {
    added: legacyOrder.added,
    removed: { ...legacyOrder.removed, product_price_id: z.uuid().nullable(), product_price: ProductPrice.nullable() },
    // The price object is the order's own (a price archived since is still shown): the render carries it for legacy.
    carried: ['product_price'],
    restore(order) {
      legacyOrder.restore(order);
      order.product_price_id = (order.product_price as Json | null)?.id ?? null;
    },
  },
  CustomerOrder: legacyOrder,
  OrderSubscription: units,
  CustomerOrderSubscription: units,
  Subscription: {
    added: ['units'],
    removed: { price_id: z.uuid(), price: ProductPrice },
    restore(subscription) {
      const [price] = subscription.prices as Json[]; // the subscription's own price comes first
      subscription.price_id = price?.id ?? null;
      subscription.price = price ?? null;
    },
  },
  CustomerSubscription: {
    added: ['units'],
    removed: { is_polar_managed: z.boolean() },
    restore(subscription) {
      subscription.is_polar_managed = true; // every subscription is billed by this engine (none is imported from elsewhere)
    },
  },
};
