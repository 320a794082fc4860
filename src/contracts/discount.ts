// Discounts: percentage (basis points) or fixed (amount per currency), once, forever or repeating for N months.
import { z } from 'zod';
import { Currency } from './catalog-common';
import { ListResource } from './list-resource';
import { MetadataInput, MetadataOutput } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';
import { ProductSummary } from './product';

export const DiscountDuration = z.enum(['once', 'forever', 'repeating']);
export const DiscountType = z.enum(['fixed', 'percentage']);

const code = z
  .string()
  .trim()
  .min(3)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, dashes and underscores only');
const amount = z.int32().min(1).max(99_999_999);
const basisPoints = z
  .int32()
  .min(1, 'At least 1 basis point (0.01 %)')
  .max(10_000, 'At most 10 000 basis points (100 %)');

const common = {
  name: z.string().trim().min(1).max(255),
  code: code.nullish(),
  starts_at: Timestamp.nullish(),
  ends_at: Timestamp.nullish(),
  max_redemptions: z.int32().min(1).nullish(),
  products: z.array(Uuid).max(100).nullish(),
  metadata: MetadataInput.default({}),
  organization_id: Uuid.nullish(),
  duration: DiscountDuration,
  duration_in_months: z.int32().min(1).max(999).nullish(),
};

type DurationFields = {
  duration?: string | null;
  duration_in_months?: number | null;
  starts_at?: string | null;
  ends_at?: string | null;
};

/** Rules across fields: months only (and always) for a repeating duration; a window that ends after it starts. */
function checkDurationAndWindow(value: DurationFields, ctx: z.RefinementCtx): void {
  if (value.duration === 'repeating' && value.duration_in_months == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['duration_in_months'],
      message: 'A repeating discount needs duration_in_months',
    });
  }
  if (value.duration && value.duration !== 'repeating' && value.duration_in_months != null) {
    ctx.addIssue({
      code: 'custom',
      path: ['duration_in_months'],
      message: 'duration_in_months applies only to a repeating discount',
    });
  }
  if (value.starts_at && value.ends_at && Date.parse(value.ends_at) <= Date.parse(value.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'ends_at must be after starts_at' });
  }
}

export const DiscountFixedCreate = z
  .object({
    ...common,
    type: z.literal('fixed'),
    amount: amount.nullish(),
    currency: Currency.nullish(),
    amounts: z.record(Currency, amount).nullish(),
  })
  .superRefine((value, ctx) => {
    checkDurationAndWindow(value, ctx);
    if (value.amount == null && !Object.keys(value.amounts ?? {}).length) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'A fixed discount needs amount (with currency) or amounts',
      });
    }
  });
export const DiscountPercentageCreate = z
  .object({ ...common, type: z.literal('percentage'), basis_points: basisPoints })
  .superRefine(checkDurationAndWindow);

export const DiscountCreate = z
  .discriminatedUnion('type', [DiscountFixedCreate, DiscountPercentageCreate])
  .meta({ id: 'DiscountCreate' });
export type DiscountCreate = z.infer<typeof DiscountCreate>;

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
    amounts: z.record(Currency, amount).nullish(),
    basis_points: basisPoints.nullish(),
  })
  .meta({ id: 'DiscountUpdate' });
export type DiscountUpdate = z.infer<typeof DiscountUpdate>;

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

export const DISCOUNT_SORT_FIELDS = ['created_at', 'name', 'code', 'redemptions_count', 'ends_at'] as const;
export const DiscountListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(DISCOUNT_SORT_FIELDS, ['-created_at']),
});
export type DiscountListQuery = z.infer<typeof DiscountListQuery>;
