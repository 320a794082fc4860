// What other domains read of products without a product service: they never query the product table themselves.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Product } from './catalog.entity';

/** The benefits the organization's product grants now (none when there is no such product). */
export async function productBenefitIds(
  em: EntityManager,
  organizationId: string,
  productId: string,
): Promise<string[]> {
  return (await em.findOne(Product, { id: productId, organizationId }))?.benefitIds ?? [];
}
