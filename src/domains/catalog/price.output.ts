// A product's price as the API shows it, by its type (a metered price with its meter's name and unit).
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Meter } from '../meter';
import type { ProductPrice } from './catalog.entity';

export function priceOutput(price: ProductPrice, meters: Map<string, Meter>): PriceOutput {
  const base = {
    created_at: price.createdAt.toISOString(),
    modified_at: price.modifiedAt?.toISOString() ?? null,
    id: price.id,
    source: 'catalog' as const,
    price_currency: price.currency,
    tax_behavior: price.taxBehavior as PriceOutput['tax_behavior'],
    is_archived: price.isArchived,
    product_id: price.productId,
  };
  switch (price.amountType) {
    case 'fixed':
      return { ...base, amount_type: 'fixed', price_amount: price.priceAmount ?? 0 };
    case 'custom':
      return {
        ...base,
        amount_type: 'custom',
        minimum_amount: price.minimumAmount ?? 0,
        maximum_amount: price.maximumAmount,
        preset_amount: price.presetAmount,
      };
    case 'metered_unit':
      return {
        ...base,
        amount_type: 'metered_unit',
        unit_amount: price.unitAmount ?? '0',
        cap_amount: price.capAmount,
        meter_id: price.meterId ?? '',
        meter: meterOf(price, meters),
      };
    case 'metered_tiers':
      return {
        ...base,
        amount_type: 'metered_tiers',
        cap_amount: price.capAmount,
        meter_id: price.meterId ?? '',
        meter: meterOf(price, meters),
        tiers: { type: price.usageTiers?.type ?? 'graduated', tiers: [...(price.usageTiers?.tiers ?? [])] },
        package: price.usagePackage,
      };
    case 'seat_based': {
      const tiers = price.seatTiers ?? [];
      return {
        ...base,
        amount_type: 'seat_based',
        seat_tiers: {
          seat_tier_type: price.seatTierType ?? 'volume',
          tiers,
          minimum_seats: tiers[0]?.min_seats ?? 1,
          maximum_seats: tiers.at(-1)?.max_seats ?? null,
        },
      };
    }
  }
}

function meterOf(price: ProductPrice, meters: Map<string, Meter>) {
  const meter = meters.get(price.meterId ?? '');
  return {
    id: price.meterId ?? '',
    name: meter?.name ?? '',
    unit: meter?.unit ?? ('scalar' as const),
    custom_label: meter?.customLabel ?? null,
    custom_multiplier: meter?.customMultiplier ?? null,
  };
}
