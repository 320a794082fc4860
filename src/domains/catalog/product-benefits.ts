// The benefits a product grants: replaced as a whole (product.updated, then holders' grants follow), or a deleted
// benefit dropped from every product.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tx } from '../../platform/database/transaction';
import { RequestValidationError } from '../../kernel/errors';
import type { Product } from './catalog.entity';
import type { ProductDeps } from './product-deps';
import { products } from './product.reads';
import { emitProductChange } from './product-webhook';

/** Replaces the benefits the product grants, in the given order. */
export async function setProductBenefits(
  deps: ProductDeps,
  tx: Tx,
  organizationId: string,
  id: string,
  benefitIds: string[],
): Promise<Product> {
  const product = await products.get(tx.em, organizationId, id);
  const ids = [...new Set(benefitIds)];
  const found = new Set((await deps.benefits.findByIds(tx.em, organizationId, ids)).map((b) => b.id));
  const missing = benefitIds.map((benefitId, i) => ({ benefitId, i })).filter(({ benefitId }) => !found.has(benefitId));
  if (missing.length)
    throw new RequestValidationError(
      missing.map(({ i }) => ({
        loc: ['body', 'benefits', i],
        msg: 'No such benefit in this organization.',
        type: 'unknown_benefit',
      })),
    );
  const before = product.benefitIds;
  product.benefitIds = ids;
  product.modifiedAt = deps.clock.now();
  await emitProductChange(deps, tx, product, 'product.updated');
  await deps.grants.productBenefitsChanged(tx, organizationId, product.id, before, ids);
  return product;
}

/** Stops every product of the organization from granting a deleted benefit. */
export async function detachBenefitFromProducts(
  em: EntityManager,
  organizationId: string,
  benefitId: string,
): Promise<void> {
  await em.execute(
    'update product set benefit_ids = array_remove(benefit_ids, ?::uuid) where organization_id = ? and ?::uuid = any(benefit_ids)',
    [benefitId, organizationId, benefitId],
  );
}
