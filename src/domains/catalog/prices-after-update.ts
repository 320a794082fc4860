// Which of a product's current prices an update keeps and which it adds: prices left out of `prices` go, new ones
// come after the kept ones; what is wrong with the change is added to `issues`.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExistingPrice, PriceCreate } from '../../contracts/price-create';
import type { ValidationIssue } from '../../kernel/errors';
import type { Product, ProductPrice } from './catalog.entity';
import type { ProductDeps } from './product-deps';
import { priceIssues } from './product-prices';

export async function pricesAfterUpdate(
  deps: ProductDeps,
  em: EntityManager,
  product: Product,
  current: ProductPrice[],
  prices: (ExistingPrice | PriceCreate)[],
  issues: ValidationIssue[],
): Promise<{ kept: ProductPrice[]; added: PriceCreate[] }> {
  const isRecurring = product.recurringInterval !== null;
  const existingIds = prices.filter(isExisting).map((p) => p.id);
  prices.forEach((price, i) => {
    if (isExisting(price) && !current.some((c) => c.id === price.id))
      issues.push({
        loc: ['body', 'prices', i, 'id'],
        msg: 'Not a current price of this product.',
        type: 'unknown_price',
      });
  });
  const kept = current.filter((price) => existingIds.includes(price.id));
  const added = prices.filter((price): price is PriceCreate => !isExisting(price));
  issues.push(...(await priceIssues(deps, em, product.organizationId, added, isRecurring, kept)));
  return { kept, added };
}

const isExisting = (price: ExistingPrice | PriceCreate): price is ExistingPrice => !('amount_type' in price);
