// What a discount is changed with: any field of its creation, each optional.
import { z } from 'zod';
import { Currency } from './catalog-common';
import {
  DiscountDuration,
  DiscountType,
  basisPoints,
  discountAmount as amount,
  discountCode as code,
  discountFields as common,
} from './discount-fields';
import { MetadataInput } from './metadata';

export const DiscountUpdate = z
  .object({
    name: common.name.nullish(),
    code: code.nullish(),
    starts_at: common.starts_at,
    ends_at: common.ends_at,
    max_redemptions: common.max_redemptions,
    products: common.products,
    metadata: MetadataInput.optional(),
    duration: DiscountDuration.nullish(),
    duration_in_months: common.duration_in_months,
    type: DiscountType.nullish(),
    amount: amount.nullish(),
    currency: Currency.nullish(),
    amounts: z.partialRecord(Currency, amount).nullish(),
    basis_points: basisPoints.nullish(),
  })
  .meta({ id: 'DiscountUpdate' });
export type DiscountUpdate = z.infer<typeof DiscountUpdate>;
