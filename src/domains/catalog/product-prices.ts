// A product's prices: the issues of a change of prices (price-change.logic.ts decides them, given which meters are the
// organization's), and prices as the API shows them (the rows a new price becomes: add-price.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PriceCreate } from '../../contracts/price-create';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { ValidationIssue } from '../../kernel/errors';
import { byId } from '../../kernel/ids';
import { ProductPrice } from './catalog.entity';
import { priceChangeIssues } from './price-change.logic';
import type { ProductDeps } from './product-deps';
import { priceOutput } from './price.output';

/** What is wrong with adding `added` to the prices `kept` (metered prices' meters must be the organization's). */
export async function priceIssues(
  deps: Pick<ProductDeps, 'meters'>,
  em: EntityManager,
  organizationId: string,
  added: PriceCreate[],
  isRecurring: boolean,
  kept: ProductPrice[] = [],
): Promise<ValidationIssue[]> {
  const meterIds = added.flatMap((p) => ('meter_id' in p ? [p.meter_id] : []));
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
