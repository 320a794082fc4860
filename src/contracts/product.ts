// Products: one-time or recurring, with prices, benefits, media files and custom fields.
import { z } from 'zod';
import { Benefit } from './benefit';
import { ProductVisibility, RecurringInterval, TrialInterval } from './catalog-common';
import { Timestamp, Uuid } from './common';
import { AttachedCustomField } from './attached-custom-field';
import { ProductMediaFileRead } from './file';
import { ListResource } from './list-resource';
import { MetadataOutput } from './metadata';
import { ProductPrice } from './price';

/** A product without its prices and attachments (what discounts embed). */
export const ProductSummary = z.object({
  metadata: MetadataOutput,
  id: Uuid,
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  trial_interval: TrialInterval.nullable(),
  trial_interval_count: z.int32().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: ProductVisibility,
  recurring_interval: RecurringInterval.nullable(),
  recurring_interval_count: z.int32().nullable(),
  meter_interval: RecurringInterval.nullable(),
  meter_interval_count: z.int32().nullable(),
  is_recurring: z.boolean(),
  is_archived: z.boolean(),
  organization_id: Uuid,
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const Product = ProductSummary.extend({
  prices: z.array(ProductPrice),
  benefits: z.array(Benefit),
  medias: z.array(ProductMediaFileRead),
  attached_custom_fields: z.array(AttachedCustomField),
  /** Bursar archives products and never deletes them, so always false. */
  is_deletable: z.boolean(),
}).meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

export const ProductList = ListResource(Product).meta({ id: 'ListResource_Product_' });
