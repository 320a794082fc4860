// Products, prices and discounts between legacy and 2026-04.
import { z } from 'zod';
import { legacyMeteredTiers } from './legacy-metered-tiers';
import { legacyPrice } from './legacy-price';
import type { SchemaChange } from '../../version-change';

const PRICE_IDS = ['ProductPriceFixed', 'ProductPriceCustom', 'ProductPriceMeteredUnit', 'ProductPriceSeatBased'];
const SUBSCRIBER_IDS = ['Custom', 'LicenseKeys', 'Downloadables', 'MeterCredit', 'FeatureFlag'].map(
  (type) => `Benefit${type}Subscriber`,
);

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
  ProductPriceMeteredTiers: legacyMeteredTiers,
  Product: { added: ['is_deletable'] },
  Discount: { added: ['max_redemptions_per_customer'] },
  DownloadableFileRead: { added: ['flagged_malicious_at'] },
  CheckoutLink: { added: ['units'] },
};
