// A product's prices: the rows a new price becomes, the issues of a change of prices (catalog.logic.ts decides them,
// given which meters are the organization's), and prices as the API shows them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PriceCreate } from '../../contracts/price-create';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { ValidationIssue } from '../../kernel/errors';
import { byId, newId } from '../../kernel/ids';
import { normalizeUnitAmount } from '../../kernel/money';
import { ProductPrice, type Product } from './catalog.entity';
import { normalizedTiers, priceChangeIssues } from './catalog.logic';
import type { ProductDeps } from './product-deps';
import { priceOutput } from './product.output';

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
        minimumAmount: price.minimum_amount,
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
    case 'seat_based':
      return void em.create(ProductPrice, {
        ...common,
        amountType: 'seat_based',
        seatTierType: price.seat_tiers.seat_tier_type,
        seatTiers: normalizedTiers(price.seat_tiers.tiers),
      });
  }
}

/** What is wrong with adding `added` to the prices `kept` (metered prices' meters must be the organization's). */
export async function priceIssues(
  deps: Pick<ProductDeps, 'meters'>,
  em: EntityManager,
  organizationId: string,
  added: PriceCreate[],
  isRecurring: boolean,
  kept: ProductPrice[] = [],
): Promise<ValidationIssue[]> {
  const meterIds = added.flatMap((p) => (p.amount_type === 'metered_unit' ? [p.meter_id] : []));
  const meters = new Set((await deps.meters.findByIds(em, organizationId, [...new Set(meterIds)])).map((m) => m.id));
  const current = kept.map((p) => ({ amount_type: p.amountType, price_currency: p.currency, meter_id: p.meterId }));
  return priceChangeIssues(added, current, isRecurring, meters);
}

/** Prices as the API shows them, archived or not (orders keep pointing at the price they were bought with). */
export async function priceOutputs(
  deps: Pick<ProductDeps, 'meters'>,
  em: EntityManager,
  organizationId: string,
  priceIds: readonly string[],
): Promise<PriceOutput[]> {
  if (!priceIds.length) return [];
  const prices = await em.find(ProductPrice, { id: { $in: [...priceIds] }, organizationId });
  const meterIds = [...new Set(prices.flatMap((price) => (price.meterId ? [price.meterId] : [])))];
  const meters = await deps.meters.findByIds(em, organizationId, meterIds);
  const metersById = byId(meters);
  return prices.map((price) => priceOutput(price, metersById));
}
