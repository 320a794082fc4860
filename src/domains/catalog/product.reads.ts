// What other domains read of products without a product service: they never query the product table themselves.
import type { EntityManager } from '@mikro-orm/postgresql';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { Product } from './catalog.entity';

/** The catalog's own reads of products: by id within the organization, and in pages. */
export const products = new OwnedRepository(Product, { label: 'Product' });

/** The benefits the organization's product grants now (none when there is no such product). */
export async function productBenefitIds(
  em: EntityManager,
  organizationId: string,
  productId: string,
): Promise<string[]> {
  // By primary key: a product this transaction read already is not read again.
  const product = await em.findOne(Product, productId);
  return product?.organizationId === organizationId ? product.benefitIds : [];
}
