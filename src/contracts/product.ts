// Products: one-time or recurring, with prices, benefits, media files and custom fields.
import { z } from 'zod';
import { Benefit } from './benefit';
import { IntervalCount, ProductVisibility, RecurringInterval, TrialInterval } from './catalog-common';
import { ListResource } from './list-resource';
import { MetadataInput, MetadataOutput, MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';
import { AttachedCustomField, AttachedCustomFieldCreate } from './custom-field';
import { ProductMediaFileRead } from './file';
import { ExistingPrice, PriceCreate, ProductPrice } from './price';

const name = z.string().trim().min(3).max(255);
const description = z.string().max(5000).nullish();

export const ProductCreate = z
  .object({
    name,
    description,
    visibility: ProductVisibility.default('public'),
    prices: z.array(PriceCreate).min(1).max(50),
    medias: z.array(Uuid).max(20).nullish(),
    attached_custom_fields: z.array(AttachedCustomFieldCreate).max(50).default([]),
    metadata: MetadataInput.default({}),
    organization_id: Uuid.nullish(),
    recurring_interval: RecurringInterval.nullish(),
    recurring_interval_count: IntervalCount.nullish(),
    trial_interval: TrialInterval.nullish(),
    trial_interval_count: IntervalCount.nullish(),
    meter_interval: RecurringInterval.nullish(),
    meter_interval_count: IntervalCount.nullish(),
  })
  .meta({ id: 'ProductCreate' });
export type ProductCreate = z.infer<typeof ProductCreate>;

export const ProductUpdate = z
  .object({
    name: name.nullish(),
    description,
    visibility: ProductVisibility.nullish(),
    is_archived: z.boolean().nullish(),
    prices: z
      .array(z.union([ExistingPrice, PriceCreate]))
      .min(1)
      .max(50)
      .nullish(),
    medias: z.array(Uuid).max(20).nullish(),
    attached_custom_fields: z.array(AttachedCustomFieldCreate).max(50).nullish(),
    metadata: MetadataInput.optional(),
    recurring_interval: RecurringInterval.nullish(),
    recurring_interval_count: IntervalCount.nullish(),
    trial_interval: TrialInterval.nullish(),
    trial_interval_count: IntervalCount.nullish(),
  })
  .meta({ id: 'ProductUpdate' });
export type ProductUpdate = z.infer<typeof ProductUpdate>;

export const ProductBenefitsUpdate = z
  .object({ benefits: z.array(Uuid).max(100) })
  .meta({ id: 'ProductBenefitsUpdate' });

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

export const PRODUCT_SORT_FIELDS = ['created_at', 'name', 'price_amount_type', 'price_amount'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export const ProductListQuery = z.object({
  ...PageQuery,
  id: queryMany(Uuid),
  organization_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  is_archived: queryBoolean,
  is_recurring: queryBoolean,
  benefit_id: queryMany(Uuid),
  visibility: queryMany(ProductVisibility),
  sorting: sortingQuery(PRODUCT_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;
