// Legacy prices say whether they recur and how often, from the product that holds them.
import { z } from 'zod';
import { RecurringInterval } from '../../catalog-common';
import type { Json, SchemaChange } from '../../version-change';

/**
 * Legacy prices say whether they recur, and how often: their product's interval. The product is one of the objects
 * holding the price (a product, or an order, checkout or subscription with its `product` or `products`).
 */
export const legacyPrice: SchemaChange = {
  removed: { type: z.enum(['one_time', 'recurring']), recurring_interval: RecurringInterval.nullable() },
  restore(price, ancestors) {
    const product = productOf(price.product_id, ancestors);
    if (!product) return; // left out: a client that needs it refuses the response, which the compatibility suite reports
    price.type = product.is_recurring ? 'recurring' : 'one_time';
    price.recurring_interval = product.is_recurring ? product.recurring_interval : null;
  },
};

export function productOf(id: unknown, ancestors: readonly Json[]): Json | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const holder = ancestors[i];
    const candidates = [
      holder,
      holder.product,
      ...(Array.isArray(holder.products) ? holder.products : []),
    ] as unknown[];
    const product = candidates.find(
      (c): c is Json => typeof c === 'object' && c !== null && (c as Json).id === id && 'is_recurring' in c,
    );
    if (product) return product;
  }
  return undefined;
}
