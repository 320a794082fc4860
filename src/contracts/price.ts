// Product prices: fixed, free, custom (pay what you want), seat-based and metered unit — requests and responses.
import { z } from 'zod';
import { Currency, SeatTierType, TaxBehaviorOption } from './catalog-common';
import { Timestamp, Uuid } from './common';
import { MeterUnit } from './meter';

const amount = z.int32().min(0);
const common = { price_currency: Currency.default('usd'), tax_behavior: TaxBehaviorOption.nullish() };

export const PriceFixedCreate = z.object({ amount_type: z.literal('fixed'), ...common, price_amount: amount });
/** Bursar's shorthand for a free price; it is stored and returned as a fixed price of 0, the shape SDKs accept. */
export const PriceFreeCreate = z.object({ amount_type: z.literal('free'), ...common });
export const PriceCustomCreate = z.object({
  amount_type: z.literal('custom'),
  ...common,
  minimum_amount: amount.default(50),
  maximum_amount: amount.nullish(),
  preset_amount: amount.nullish(),
});
export const PriceMeteredUnitCreate = z.object({
  amount_type: z.literal('metered_unit'),
  ...common,
  meter_id: Uuid,
  unit_amount: z.union([z.number(), z.string()]),
  cap_amount: amount.nullish(),
});
export const SeatTierInput = z.object({
  min_seats: z.int32().min(1),
  max_seats: z.int32().min(1).nullish(),
  price_per_seat: amount,
});
export const PriceSeatBasedCreate = z.object({
  amount_type: z.literal('seat_based'),
  ...common,
  seat_tiers: z.object({
    seat_tier_type: SeatTierType.default('volume'),
    tiers: z.array(SeatTierInput).min(1).max(50),
  }),
});

export const PriceCreate = z
  .discriminatedUnion('amount_type', [
    PriceFixedCreate,
    PriceFreeCreate,
    PriceCustomCreate,
    PriceMeteredUnitCreate,
    PriceSeatBasedCreate,
  ])
  .meta({ id: 'ProductPriceCreate' });
export type PriceCreate = z.infer<typeof PriceCreate>;

export const ExistingPrice = z.object({ id: Uuid }).meta({ id: 'ExistingProductPrice' });
export type ExistingPrice = z.infer<typeof ExistingPrice>;

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
export const SeatTier = z.object({ min_seats: z.int32(), max_seats: z.int32().nullable(), price_per_seat: z.int32() });
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
    ProductPriceSeatBased,
  ])
  .meta({ id: 'ProductPrice' });
export type ProductPrice = z.infer<typeof ProductPrice>;
