// Discounts as the API shows them, each with the products it is restricted to, and the events that carry them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Discount as DiscountOutput, DiscountProduct } from '../../contracts/discount';
import type { Tx } from '../../platform/database/transaction';
import type { Discount } from './discount.entity';
import type { DiscountDeps } from './discount-deps';
import { discountOutput } from './discount.output';

export async function discountOutputs(
  deps: Pick<DiscountDeps, 'products'>,
  em: EntityManager,
  discounts: Discount[],
): Promise<DiscountOutput[]> {
  const byOrganization = new Map<string, string[]>();
  for (const d of discounts)
    byOrganization.set(d.organizationId, [...(byOrganization.get(d.organizationId) ?? []), ...d.productIds]);
  const products = new Map<string, DiscountProduct>();
  for (const [organizationId, ids] of byOrganization) {
    for (const product of await deps.products.summaries(em, organizationId, [...new Set(ids)]))
      products.set(product.id, product);
  }
  return discounts.map((d) =>
    discountOutput(
      d,
      d.productIds.flatMap((id) => products.get(id) ?? []),
    ),
  );
}

/** The event carries the discount as the API renders it (redemptions taken at checkout are not announced). */
export async function emitDiscountChange(
  deps: Pick<DiscountDeps, 'products' | 'outbox'>,
  tx: Tx,
  discount: Discount,
  type: 'discount.created' | 'discount.updated' | 'discount.deleted',
): Promise<void> {
  const [output] = await discountOutputs(deps, tx.em, [discount]);
  deps.outbox.enqueueEvent(tx, discount.organizationId, type, output);
}
