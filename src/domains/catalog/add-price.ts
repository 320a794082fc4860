// The row a new price of a product becomes, by its type (a free price is a fixed one of 0).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PriceCreate } from '../../contracts/price-create';
import { newId } from '../../kernel/ids';
import { minPriceAmount } from '../../kernel/currency';
import { normalizeUnitAmount } from '../../kernel/money';
import { ProductPrice, type Product } from './catalog.entity';
import { normalizedTiers } from './seat-tier.logic';
import { normalizedPackage, normalizedUsageTiers } from './usage-tier.logic';
import type { ProductDeps } from './product-deps';

/** Creates the price row of `price` at `position` among the product's prices (flushed with the product). */
export function addPrice(
  deps: Pick<ProductDeps, 'clock'>,
  em: EntityManager,
  product: Product,
  price: PriceCreate,
  position: number,
): void {
  const common = {
    id: newId(),
    position,
    productId: product.id,
    organizationId: product.organizationId,
    currency: price.price_currency,
    taxBehavior: price.tax_behavior ?? null,
    isArchived: false,
    createdAt: deps.clock.now(),
    modifiedAt: null,
  };
  switch (price.amount_type) {
    case 'free':
      return void em.create(ProductPrice, { ...common, amountType: 'fixed', priceAmount: 0 });
    case 'fixed':
      return void em.create(ProductPrice, { ...common, amountType: 'fixed', priceAmount: price.price_amount });
    case 'custom':
      return void em.create(ProductPrice, {
        ...common,
        amountType: 'custom',
        minimumAmount: price.minimum_amount ?? minPriceAmount(price.price_currency),
        maximumAmount: price.maximum_amount ?? null,
        presetAmount: price.preset_amount ?? null,
      });
    case 'metered_unit':
      return void em.create(ProductPrice, {
        ...common,
        amountType: 'metered_unit',
        unitAmount: normalizeUnitAmount(price.unit_amount),
        capAmount: price.cap_amount ?? null,
        meterId: price.meter_id,
      });
    case 'metered_tiers':
      return void em.create(ProductPrice, {
        ...common,
        amountType: 'metered_tiers',
        capAmount: price.cap_amount ?? null,
        meterId: price.meter_id,
        usageTiers: normalizedUsageTiers(price.tiers),
        usagePackage: normalizedPackage(price.package),
      });
    case 'seat_based':
      return void em.create(ProductPrice, {
        ...common,
        amountType: 'seat_based',
        seatTierType: price.seat_tiers.seat_tier_type,
        seatTiers: normalizedTiers(price.seat_tiers.tiers),
      });
  }
}
