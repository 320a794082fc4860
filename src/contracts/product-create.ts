// What a product is created with: its name, visibility, prices, media, custom fields and intervals.
import { z } from 'zod';
import { IntervalCount, ProductVisibility, RecurringInterval, TrialInterval } from './catalog-common';
import { Uuid } from './common';
import { AttachedCustomFieldCreate } from './attached-custom-field';
import { MetadataInput } from './metadata';
import { PriceCreate } from './price-create';

export const productName = z.string().trim().min(3).max(255);
export const productDescription = z.string().max(5000).nullish();

export const ProductCreate = z
  .object({
    name: productName,
    description: productDescription,
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
