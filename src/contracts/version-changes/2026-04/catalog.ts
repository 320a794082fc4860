// Products, prices and discounts between legacy and 2026-04.
import { z } from 'zod';
import { RecurringInterval } from '../../catalog-common';
import type { Json, SchemaChange } from '../../version-change';

const PRICE_IDS = ['ProductPriceFixed', 'ProductPriceCustom', 'ProductPriceMeteredUnit', 'ProductPriceSeatBased'];
const SUBSCRIBER_IDS = ['Custom', 'LicenseKeys', 'Downloadables', 'MeterCredit', 'FeatureFlag'].map(
  (type) => `Benefit${type}Subscriber`,
);

/**
 * Legacy prices say whether they recur, and how often: their product's interval. The product is one of the objects
 * holding the price (a product, or an order, checkout or subscription with its `product` or `products`).
 */
const legacyPrice: SchemaChange = {
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

/** The portal's benefits show their holder none of the merchant's metadata; the legacy shape has the field, empty. */
const subscriberMetadata: SchemaChange = {
  removed: { metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])) },
  restore(benefit) {
    benefit.metadata = {};
  },
};

export const CATALOG_CHANGES: Record<string, SchemaChange> = {
  ...Object.fromEntries(SUBSCRIBER_IDS.map((id) => [id, subscriberMetadata])),
  ...Object.fromEntries(PRICE_IDS.map((id) => [id, legacyPrice])),
  Product: { added: ['is_deletable'] },
  Discount: { added: ['max_redemptions_per_customer'] },
  DownloadableFileRead: { added: ['flagged_malicious_at'] },
  CheckoutLink: { added: ['units'] },
};
