// What a product's prices are created with: fixed, free, custom (pay what you want), metered unit, metered tiers and
// seat-based.
import { z } from 'zod';
import { Currency, SeatTierType, TaxBehaviorOption, TierType, UsagePackage } from './catalog-common';
import { Uuid } from './common';

const amount = z.int32().min(0);
const common = { price_currency: Currency.default('usd'), tax_behavior: TaxBehaviorOption.nullish() };

export const PriceFixedCreate = z.object({ amount_type: z.literal('fixed'), ...common, price_amount: amount });
/** Bursar's shorthand for a free price; it is stored and returned as a fixed price of 0, the shape SDKs accept. */
export const PriceFreeCreate = z.object({ amount_type: z.literal('free'), ...common });
export const PriceCustomCreate = z.object({
  amount_type: z.literal('custom'),
  ...common,
  /** Left out: the currency's smallest price (`minPriceAmount`: 50 for USD, 80 for JPY, …), as the reference does. */
  minimum_amount: amount.optional(),
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
export const TierInput = z
  .object({ bound: z.int32().min(1).nullish(), unit_amount: z.union([z.number(), z.string()]) })
  .meta({ id: 'TierInput' });
export const TiersInput = z
  .object({ type: TierType, tiers: z.array(TierInput).min(1).max(50) })
  .meta({ id: 'TiersInput' });
export const PriceMeteredTiersCreate = z.object({
  amount_type: z.literal('metered_tiers'),
  ...common,
  meter_id: Uuid,
  tiers: TiersInput,
  cap_amount: amount.nullish(),
  /** Bursar's addition: count usage in blocks of `size` units, a partial block rounded up or down. */
  package: UsagePackage.nullish(),
});
export const SeatTierInput = z.object({
  min_seats: z.int32().min(1),
  max_seats: z.int32().min(1).nullish(),
  price_per_seat: amount,
  /** Bursar's addition: a fee charged once when the count reaches the tier. */
  flat_amount: amount.nullish(),
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
    PriceMeteredTiersCreate,
    PriceSeatBasedCreate,
  ])
  .meta({ id: 'ProductPriceCreate' });
export type PriceCreate = z.infer<typeof PriceCreate>;

export const ExistingPrice = z.object({ id: Uuid }).meta({ id: 'ExistingProductPrice' });
export type ExistingPrice = z.infer<typeof ExistingPrice>;
