// Discounts: percentage (basis points) or fixed (amount per currency), once, forever or repeating for N months.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { DiscountDuration, DiscountType } from './discount-fields';
import { ListResource } from './list-resource';
import { MetadataOutput } from './metadata';
import { ProductSummary } from './product';

export const DiscountProduct = ProductSummary.meta({ id: 'DiscountProduct' });
export type DiscountProduct = z.infer<typeof DiscountProduct>;

const discountBase = {
  duration: DiscountDuration,
  type: DiscountType,
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: Uuid,
  metadata: MetadataOutput,
  name: z.string(),
  code: z.string().nullable(),
  starts_at: Timestamp.nullable(),
  ends_at: Timestamp.nullable(),
  max_redemptions: z.int32().nullable(),
  /** Bursar limits redemptions in all, not per customer: always null. */
  max_redemptions_per_customer: z.int32().nullable(),
  redemptions_count: z.int32(),
  organization_id: Uuid,
  products: z.array(DiscountProduct),
};
const fixed = { amount: z.int32(), currency: z.string(), amounts: z.record(z.string(), z.int32()) };

/** The reference's four variants, told apart by their fields (no literal discriminator). */
export const Discount = z
  .union([
    z.object({ ...discountBase, ...fixed, duration_in_months: z.int32() }),
    z.object({ ...discountBase, ...fixed }),
    z.object({ ...discountBase, basis_points: z.int32(), duration_in_months: z.int32() }),
    z.object({ ...discountBase, basis_points: z.int32() }),
  ])
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof Discount>;

export const DiscountList = ListResource(Discount).meta({ id: 'ListResource_Discount_' });
