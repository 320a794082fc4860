// The static prices a checkout charges: a product's live fixed, custom or seat-based prices (metered ones are billed
// later), and the currencies it has one in.
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Product as ProductOutput } from '../../contracts/product';

/** The product's live static price in the currency (fixed, custom or seat-based; metered prices are billed later). */
export function staticPrice(product: ProductOutput, currency: string): PriceOutput | undefined {
  return product.prices.find((p) => p.price_currency === currency && isStatic(p));
}

/** The currencies the product has a live static price in, as listed. */
export function offeredCurrencies(product: ProductOutput): string[] {
  return [...new Set(product.prices.filter(isStatic).map((p) => p.price_currency))];
}

const isStatic = (price: PriceOutput) =>
  !price.is_archived && price.amount_type !== 'metered_unit' && price.amount_type !== 'metered_tiers';
