// What a product is changed with, and the benefits it grants replaced.
import { z } from 'zod';
import { IntervalCount, ProductVisibility, RecurringInterval, TrialInterval } from './catalog-common';
import { Uuid } from './common';
import { AttachedCustomFieldCreate } from './attached-custom-field';
import { MetadataInput } from './metadata';
import { ExistingPrice, PriceCreate } from './price-create';
import { productDescription as description, productName as name } from './product-create';

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
