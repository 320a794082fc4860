// Product prices as the API shows them: fixed, custom (pay what you want), metered unit, metered tiers and seat-based.
import { z } from 'zod';
import { SeatTierType, TaxBehaviorOption, TierType, UsagePackage } from './catalog-common';
import { Timestamp, Uuid } from './common';
import { MeterUnit } from './meter';

const priceBase = {
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: Uuid,
  source: z.enum(['catalog', 'ad_hoc']),
  price_currency: z.string(),
  tax_behavior: TaxBehaviorOption.nullable(),
  is_archived: z.boolean(),
  product_id: Uuid,
};

export const ProductPriceFixed = z
  .object({ ...priceBase, amount_type: z.literal('fixed'), price_amount: z.int32() })
  .meta({ id: 'ProductPriceFixed' });
export const ProductPriceCustom = z
  .object({
    ...priceBase,
    amount_type: z.literal('custom'),
    minimum_amount: z.int32(),
    maximum_amount: z.int32().nullable(),
    preset_amount: z.int32().nullable(),
  })
  .meta({ id: 'ProductPriceCustom' });
export const ProductPriceMeter = z.object({
  id: Uuid,
  name: z.string(),
  unit: MeterUnit,
  custom_label: z.string().nullable(),
  custom_multiplier: z.int32().nullable(),
});
export const ProductPriceMeteredUnit = z
  .object({
    ...priceBase,
    amount_type: z.literal('metered_unit'),
    unit_amount: z.string(),
    cap_amount: z.int32().nullable(),
    meter_id: Uuid,
    meter: ProductPriceMeter,
  })
  .meta({ id: 'ProductPriceMeteredUnit' });
export const Tier = z.object({ bound: z.int32().nullable(), unit_amount: z.string() }).meta({ id: 'Tier' });
export const Tiers = z.object({ type: TierType, tiers: z.array(Tier) }).meta({ id: 'Tiers' });
export const ProductPriceMeteredTiers = z
  .object({
    ...priceBase,
    amount_type: z.literal('metered_tiers'),
    cap_amount: z.int32().nullable(),
    meter_id: Uuid,
    meter: ProductPriceMeter,
    tiers: Tiers,
    /** Bursar's addition: usage counted in blocks; the tiers' bounds and unit amounts then count blocks. */
    package: UsagePackage.nullable(),
  })
  .meta({ id: 'ProductPriceMeteredTiers' });
export const SeatTier = z.object({
  min_seats: z.int32(),
  max_seats: z.int32().nullable(),
  price_per_seat: z.int32(),
  /** Bursar's addition: a fee charged once when the count reaches the tier (shown only when set). */
  flat_amount: z.int32().optional(),
});
export const ProductPriceSeatBased = z
  .object({
    ...priceBase,
    amount_type: z.literal('seat_based'),
    seat_tiers: z.object({
      seat_tier_type: SeatTierType,
      tiers: z.array(SeatTier),
      minimum_seats: z.int32(),
      maximum_seats: z.int32().nullable(),
    }),
  })
  .meta({ id: 'ProductPriceSeatBased' });

export const ProductPrice = z
  .discriminatedUnion('amount_type', [
    ProductPriceFixed,
    ProductPriceCustom,
    ProductPriceMeteredUnit,
    ProductPriceMeteredTiers,
    ProductPriceSeatBased,
  ])
  .meta({ id: 'ProductPrice' });
export type ProductPrice = z.infer<typeof ProductPrice>;
